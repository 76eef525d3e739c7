/**
 * Changing one field over many landings (/__admin/bulk/…) on decap-server in git mode, which commits
 * each save as a git host's backend does: the review names every file and value before anything is
 * written, the save is one commit of all of them, and a change the build refuses commits nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { freeLocalPort, startDecapServer, type DecapServer } from '../../server/admin/decap-server';
import { copyOfTables, makeApp } from './helpers';

/** The site's rebuild each save starts: done at once, the site's files are not what these tests read. */
const builtAtOnce = async () => ({ exitCode: 0, tail: '' });

const COUNTRIES = ['ae', 'bn', 'br', 'de', 'en', 'fr', 'ir', 'kz', 'mx', 'ru', 'sw', 'tm', 'tr', 'ua', 'uz', 'vi'];

// Each save runs the build's table checks twice; on a busy machine that takes seconds.
jest.setTimeout(90_000);

let repo: string;
let decap: DecapServer;
let app: FastifyInstance;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=bulk-test', '-c', 'user.email=bulk-test@localhost', ...args], { cwd: repo, encoding: 'utf8' });

beforeAll(async () => {
  repo = copyOfTables('editor-bulk-', { committed: true });
  decap = await startDecapServer(repo, await freeLocalPort(), 'git');
  app = makeApp({ admin: { repoDir: repo, localBackend: decap.url, repo: 'o/r', build: builtAtOnce } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await decap?.stop();
  fs.rmSync(repo, { recursive: true, force: true });
});

async function post(url: string, payload: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() };
}

const commits = () => Number(git('rev-list', '--count', 'HEAD').trim());

test('a slug’s last day in all its countries: reviewed file by file, then saved as one commit', async () => {
  const selection = { brand: 'zenit', slug: 'freebet5000' };
  const change = { field: 'date', value: '2027-06-30' };
  const review = await post('/__admin/bulk/review', { selection, change });
  expect(review.status).toBe(200);
  const files = COUNTRIES.map((country) => `data/promotions/zenit/${country}/freebet5000.json`);
  expect(review.body.files.map((file: { file: string; from: string; to: string }) => [file.file, file.from, file.to])).toEqual(
    files.map((file) => [file, '2021-12-31', '2027-06-30']),
  );
  expect(commits()).toBe(1);

  const reviewed = Object.fromEntries(review.body.files.map((file: { file: string; base: string }) => [file.file, file.base]));
  const saved = await post('/__admin/bulk/save', { selection, change, reviewed });
  expect(saved.status).toBe(200);
  expect(commits()).toBe(2);
  expect(git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(files);
  expect(git('status', '--porcelain', '--', 'data')).toBe('');
  for (const file of files) expect(fs.readFileSync(path.join(repo, file), 'utf8')).toContain('"date": "2027-06-30"');

  // Saved once, the same review cannot be saved again: its files are no longer the ones reviewed.
  const again = await post('/__admin/bulk/save', { selection, change, reviewed });
  expect(again.status).toBe(409);
  expect(commits()).toBe(2);
});

test('a change the build refuses commits nothing and leaves every file as it was', async () => {
  const selection = { brand: 'zenit', slug: 'bonus25000' };
  const change = { field: 'redirect_to', value: '/zenit/ru/US-Open/' };
  const before = git('rev-parse', 'HEAD');
  const review = await post('/__admin/bulk/review', { selection, change });
  expect(review.body.files).toHaveLength(16);
  const reviewed = Object.fromEntries(review.body.files.map((file: { file: string; base: string }) => [file.file, file.base]));
  const refused = await post('/__admin/bulk/save', { selection, change, reviewed });
  expect(refused.status).toBe(409);
  expect(refused.body.problem).toContain('The build refuses this change:');
  expect(refused.body.problem).toContain('redirect_to /zenit/ru/US-Open/ is a landing that is over');
  expect(git('rev-parse', 'HEAD')).toBe(before);
  expect(git('status', '--porcelain', '--', 'data')).toBe('');
});
