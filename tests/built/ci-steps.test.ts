/**
 * The pipeline's npm scripts run for real (docs/deploy.md, "The pipeline"): the built public/ published to
 * a local publish root, and the preview's address posted to a fake of the git host's status API on
 * 127.0.0.1, as GitHub Actions and GitLab CI would run them. The nightly run (ci:build, then ci:publish)
 * runs in ./reproducible.test.ts, which builds anyway.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { editorConfig } from '../../server/admin/collections';

const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');
const HEAD = 'c0ffee'.padEnd(40, '0');
const BRANCH = 'cms/promotions/zenit-ru-bonus20000';
/** The branch as one host name label, and the address `npm run publish --preview` gives it. */
const PREVIEW_URL = 'https://cms-promotions-zenit-ru-bonus20000.preview.example.test/promo/';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** The git host's status API: records each request and answers with `status`. */
async function fakeHost(status: number): Promise<{ origin: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(body || '{}') });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function npmRun(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Only what a CI runner would set: no variable of this machine's own CI or git host leaks in.
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(GITHUB_|GITLAB_|CI_|PUBLISH_|PREVIEW_|SSH_)/.test(name)),
    );
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

let publishRoot: string;
let scratch: string;
/** The host's commands: this machine's nginx is not the host's; the check runs its own nginx all the same. */
const hostEnv = () => ({
  PUBLISH_ROOT: publishRoot,
  RELOAD_COMMAND: 'true',
  NGINX_TEST_COMMAND: 'true',
  PREVIEW_DOMAIN: 'preview.example.test',
});

beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-ci-'));
  publishRoot = path.join(scratch, 'srv-promo');
  fs.mkdirSync(publishRoot);
});
afterEach(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(path.join(root, 'preview.env'), { force: true });
});

/** The preview's copy of a file of public/, found by the preview's name under the publish root. */
function previewFile(file: string): Buffer {
  const dir = path.join(publishRoot, 'previews', 'cms-promotions-zenit-ru-bonus20000');
  const [release] = fs.readdirSync(dir);
  return fs.readFileSync(path.join(dir, release, 'public', file));
}

// The status the editor's "View preview" reads: the context its production config names.
const context = (name: 'github' | 'gitlab') =>
  (
    editorConfig(path.join(root, 'data'), { backend: { name, repo: 'team/promo-landings' }, now: Date.now() }).backend as {
      preview_context: string;
    }
  ).preview_context;

test('ci:preview on GitHub publishes the preview and posts its address on the head commit as the status the editor reads', async () => {
  const host = await fakeHost(201);
  try {
    const event = path.join(scratch, 'event.json');
    fs.writeFileSync(event, JSON.stringify({ pull_request: { head: { ref: BRANCH, sha: HEAD } } }));
    const summary = path.join(scratch, 'summary.md');
    const run = await npmRun('ci:preview', {
      ...hostEnv(),
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: host.origin,
      GITHUB_REPOSITORY: 'team/promo-landings',
      GITHUB_EVENT_PATH: event,
      GITHUB_STEP_SUMMARY: summary,
      STATUS_TOKEN: 'github-token',
    });
    expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' });
    expect(host.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `/repos/team/promo-landings/statuses/${HEAD}`,
        headers: expect.objectContaining({ authorization: 'Bearer github-token' }),
        body: expect.objectContaining({ state: 'success', context: context('github'), target_url: PREVIEW_URL }),
      }),
    ]);
    expect(fs.readFileSync(summary, 'utf8')).toContain(PREVIEW_URL);
    expect(
      previewFile('zenit/ru/bonus20000/index.html').equals(fs.readFileSync(path.join(publicDir, 'zenit/ru/bonus20000/index.html'))),
    ).toBe(true);
  } finally {
    await host.close();
  }
}, 300_000);

test("ci:preview on GitLab posts the status on the merge request's branch and hands the address to the environment", async () => {
  const host = await fakeHost(201);
  try {
    const run = await npmRun('ci:preview', {
      ...hostEnv(),
      GITLAB_CI: 'true',
      CI_API_V4_URL: `${host.origin}/api/v4`,
      CI_PROJECT_ID: '42',
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: BRANCH,
      CI_COMMIT_SHA: HEAD,
      CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: '',
      STATUS_TOKEN: 'gitlab-token',
    });
    expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' });
    expect(host.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `/api/v4/projects/42/statuses/${HEAD}`,
        headers: expect.objectContaining({ 'private-token': 'gitlab-token' }),
        body: expect.objectContaining({ state: 'success', name: context('gitlab'), ref: BRANCH, target_url: PREVIEW_URL }),
      }),
    ]);
    expect(fs.readFileSync(path.join(root, 'preview.env'), 'utf8')).toBe(`PREVIEW_URL=${PREVIEW_URL}\n`);
  } finally {
    await host.close();
  }
}, 300_000);

test('ci:preview fails, naming the host, when the host refuses the status', async () => {
  const host = await fakeHost(403);
  try {
    const event = path.join(scratch, 'event.json');
    fs.writeFileSync(event, JSON.stringify({ pull_request: { head: { ref: BRANCH, sha: HEAD } } }));
    const run = await npmRun('ci:preview', {
      ...hostEnv(),
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: host.origin,
      GITHUB_REPOSITORY: 'team/promo-landings',
      GITHUB_EVENT_PATH: event,
      STATUS_TOKEN: 'read-only-token',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('github refused the preview');
  } finally {
    await host.close();
  }
}, 300_000);

test('ci:publish makes public/ the live release at the publish root', async () => {
  const run = await npmRun('ci:publish', { ...hostEnv(), PUBLISH_COMMIT: HEAD });
  expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' });
  const live = path.join(publishRoot, 'live', 'public');
  expect(
    fs
      .readFileSync(path.join(live, 'zenbet/br/bonus35000_betgold/index.html'))
      .equals(fs.readFileSync(path.join(publicDir, 'zenbet/br/bonus35000_betgold/index.html'))),
  ).toBe(true);
  expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^ci:publish: live \S+$/);
}, 300_000);
