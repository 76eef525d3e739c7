import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { buildApp, type BuildOptions } from '../../server/app';

/** A build directory that never exists, so the real public/ never leaks into API tests. */
const NO_BUILD = path.join(tmpdir(), `stand-in-no-build-${process.pid}`);

/** The stand-in with every field it knows (STAND_IN_ANSWERS=rich); minimal-answers.test.ts checks the default. */
export function makeApp(options: BuildOptions = {}): FastifyInstance {
  return buildApp({
    publicDir: NO_BUILD,
    smsLog: () => undefined,
    answers: 'rich',
    ...options,
  });
}

export function multipart(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

export function formEncoded(body: Record<string, unknown>): { payload: string; headers: Record<string, string> } {
  return {
    payload: qs.stringify(body),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** The `name=value` pair of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = list.find((entry) => entry.startsWith(`${name}=`));
  return cookie?.split(';')[0];
}

export function setCookieHeader(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.find((entry) => entry.startsWith(`${name}=`));
}

/** Captcha fields exactly as the landing sends them. */
export const CAPTCHA = {
  recaptcha: '03AGdBq25-test-token',
  captcha_state: '0',
  recaptcha_version: 'V3',
  recaptcha_action: 'registration',
};

export function phoneRegistration(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    phone: '+79161234567',
    country_id: '643',
    currency: '1',
    password: 'secret12',
    promo_code: 'ZBONUS20K',
    birthdate: '1990-05-17',
    ...CAPTCHA,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export function emailRegistration(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    email: 'visitor@example.com',
    country_id: '398',
    currency: '4',
    password: 'secret12',
    ...CAPTCHA,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

let phoneCounter = 0;

/** A fresh, free phone number per call so tests never trip over each other's accounts. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `+7916${String(5_000_000 + phoneCounter).padStart(7, '0')}`;
}

/**
 * The site's tables copied into a fresh temporary folder for the editor's backend to edit, committed
 * to a git repository of their own when `committed` (what a save's commit is compared with).
 */
export function copyOfTables(prefix: string, { committed = false } = {}): string {
  const repo = fs.mkdtempSync(path.join(tmpdir(), prefix));
  fs.cpSync(path.resolve(__dirname, '../../data'), path.join(repo, 'data'), { recursive: true });
  if (committed) {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=editor-test', '-c', 'user.email=editor-test@localhost', ...args], { cwd: repo });
    git('init', '-q', '-b', 'main');
    git('add', 'data');
    git('commit', '-q', '-m', 'The tables as copied');
  }
  return repo;
}
