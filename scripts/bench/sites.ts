/** The sites the bench measures beside the landings (the bare Gatsby page, the plain form), a marketer's one-row edit, the stand-in. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promotionFile, promotionFileText } from '../../tables/promotion-files';
import { makeTempDir } from '../../lib/site-copy';
import { FIRST_TAP, PATH_PREFIX } from './config';

export { copyWorkingTree, gatsbyBuild, makeTempDir, removeDir, type BuildRun } from '../../lib/site-copy';

/** The yardstick: one page, a heading and a paragraph, with the project's gatsby, react and react-dom and the same prefix. */
export function createBaselineSite(root: string): string {
  const dir = makeTempDir('baseline');
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const pick = (name: string) => [name, dependencies[name] ?? '*'];
  const pkg = { name: 'bare-gatsby-baseline', private: true, dependencies: Object.fromEntries(['gatsby', 'react', 'react-dom'].map(pick)) };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  fs.writeFileSync(
    path.join(dir, 'gatsby-config.js'),
    `module.exports = { pathPrefix: ${JSON.stringify(PATH_PREFIX)}, trailingSlash: 'always', plugins: [] };\n`,
  );
  fs.mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'src', 'pages', 'index.js'),
    `import * as React from 'react';
export default function Index() {
  return (<main><h1>Bare Gatsby page</h1><p>A heading and a paragraph: the smallest page Gatsby ships.</p></main>);
}
export const Head = () => <title>Bare Gatsby page</title>;
`,
  );
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The first tap's yardstick: a landing's registration form as the build wrote it, alone in a page with a
 * few lines of CSS and no script, below the first screen as on a landing. What a tap on it costs is what
 * the browser does for any form on this host at that moment.
 */
export function plainFormPage(landingHtml: string, field = FIRST_TAP.field): string {
  const form = /<form\b[\s\S]*?<\/form>/i.exec(landingHtml)?.[0];
  if (!form?.includes(`id="${field.replace(/^#/, '')}"`)) throw new Error(`the landing's HTML has no registration form with ${field}`);
  if (/<script\b|\son[a-z]+=/i.test(form)) throw new Error('the registration form as built carries a script');
  const lang = /<html\b[^>]*\blang="([^"]*)"/i.exec(landingHtml)?.[1] ?? 'en';
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain form</title>
<style>body { margin: 0; background: #101418; color: #f4f6f8; font: 16px/1.5 system-ui, sans-serif; }
main { max-width: 560px; margin: 0 auto; padding: 1100px 16px 400px; } form, form > div { display: grid; gap: 4px; margin: 0 0 14px; }
input, select, button { box-sizing: border-box; min-height: 48px; padding: 10px 12px; border: 2px solid #8a949e; border-radius: 8px; font: inherit; }
</style></head><body><main>${form}</main></body></html>\n`;
}

export interface PromotionKey {
  brand: string;
  country: string;
  slug: string;
}

/** "2026-12-31" plus some days, in UTC. */
export function shiftDate(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new Error(`"${date}" is not a date`);
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A marketer's one-row edit of a landing's file: the row's date moved by a day, or its redirect_to pointed
 * elsewhere (the site root, or freebet30 of the same brand and language when it already goes there).
 * The file is written as the repository keeps it, so its diff is the one field.
 */
export function editPromotion(text: string, key: PromotionKey, field: 'date' | 'redirect_to') {
  const name = `${key.brand}/${key.country}/${key.slug}`;
  const row = JSON.parse(text) as Record<string, unknown>;
  if (row.brand !== key.brand || row.country !== key.country || row.slug !== key.slug) {
    throw new Error(`${promotionFile(key)} holds no row ${name}`);
  }
  const from = typeof row[field] === 'string' ? (row[field] as string) : null;
  const to = field === 'date' ? shiftDate(from ?? '', 1) : from === '/' ? `/${key.brand}/${key.country}/freebet30/` : '/';
  return { field, row: key, from, to, text: promotionFileText({ ...row, [field]: to }) };
}

/** Applies editPromotion to the landing's file in data/promotions/ of a site copy. */
export function applyEdit(siteDir: string, key: PromotionKey, field: 'date' | 'redirect_to') {
  const file = path.join(siteDir, 'data', promotionFile(key));
  if (!fs.existsSync(file)) throw new Error(`data/${promotionFile(key)}: no such file, so no row ${key.brand}/${key.country}/${key.slug}`);
  const { text, ...edit } = editPromotion(fs.readFileSync(file, 'utf8'), key, field);
  fs.writeFileSync(file, text);
  return edit;
}

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
  /** Replaces the stand-in's fault table (PUT /__stand-in/faults). */
  setFaults: (table: Record<string, unknown>) => Promise<void>;
}

/** The stand-in of a site copy (the code `npm run serve` runs) on a free port, over that copy's public/ or another build. */
export async function startStandIn(siteDir: string, publicDir?: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: siteDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUBLIC_DIR: publicDir ?? 'public', PROMO_EVENT_LOG: os.devNull },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stand-in did not announce its port within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /Stand-in main site: http:\/\/[^\s/]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stand-in exited with ${code} before listening:\n${output}`));
    });
  });
  // Keep draining so a chatty server never blocks on a full pipe.
  child.stdout.resume();
  child.stderr.resume();
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
    setFaults: async (table) => {
      const init = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(table) };
      const response = await fetch(`${origin}/__stand-in/faults`, init);
      if (!response.ok) throw new Error(`PUT /__stand-in/faults answered ${response.status}: ${await response.text()}`);
    },
  };
}
