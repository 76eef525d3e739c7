/** The preview's rebuild: one build at a time, and a save during a build gets a build of its own after it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { explainFailure, Rebuilder } from '../../server/admin/rebuild';

const ROOT = path.resolve(__dirname, '../..');

/** A build that reports steps and finishes when told. */
function controlledBuilds() {
  const runs: Array<{ finish: (code: number) => void; say: (text: string) => void }> = [];
  const build = (_dir: string, _log: string, onOutput: (text: string) => void) =>
    new Promise<{ exitCode: number; tail: string }>((resolve) => {
      runs.push({ finish: (code) => resolve({ exitCode: code, tail: code ? 'error #85923 GraphQL' : '' }), say: onOutput });
    });
  return { runs, build };
}

test('reports the step and the progress, then counts the finished build', async () => {
  const { runs, build } = controlledBuilds();
  const rebuilder = new Rebuilder('/site', () => 1_000, build);
  expect(rebuilder.request()).toMatchObject({ state: 'rebuilding', generation: 0, startedAt: 1_000 });
  runs[0].say('success load plugins - 0.512s\nsuccess onPreInit - 0.01s\n');
  expect(rebuilder.current()).toMatchObject({ state: 'rebuilding', step: 'onPreInit', stepsDone: 2, stepsExpected: null });
  runs[0].finish(0);
  await rebuilder.settled();
  expect(rebuilder.current()).toMatchObject({ state: 'idle', generation: 1, stepsExpected: 2, step: null });
});

test('a save during a build is built after it, once however many saves came', async () => {
  const { runs, build } = controlledBuilds();
  const rebuilder = new Rebuilder('/site', () => 0, build);
  rebuilder.request();
  rebuilder.request();
  rebuilder.request();
  expect(runs).toHaveLength(1);
  runs[0].finish(0);
  await new Promise(setImmediate);
  expect(runs).toHaveLength(2);
  runs[1].finish(0);
  await rebuilder.settled();
  expect(rebuilder.current()).toMatchObject({ state: 'idle', generation: 2 });
});

test('a failed build says why in a marketer’s words, never its log, and the next save builds again', async () => {
  const { runs, build } = controlledBuilds();
  const rebuilder = new Rebuilder(
    '/site',
    () => 0,
    build,
    () => 'the build refuses the tables: data/slugs.json: quiz: …',
  );
  rebuilder.request();
  runs[0].finish(1);
  await rebuilder.settled();
  expect(rebuilder.current()).toMatchObject({
    state: 'failed',
    generation: 1,
    failure: 'the build refuses the tables: data/slugs.json: quiz: …',
  });
  rebuilder.request();
  runs[1].finish(0);
  await rebuilder.settled();
  expect(rebuilder.current()).toMatchObject({ state: 'idle', generation: 2, failure: null });
});

test('the reason names the file the build stops on, or says the cause is outside the tables', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'rebuild-site-'));
  fs.cpSync(path.join(ROOT, 'data'), path.join(site, 'data'), { recursive: true });
  try {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(explainFailure(site, now)).toBe(
      'the build stopped for a reason outside the tables, which a developer has to look into (its log is .cache/editor-rebuild.log). Your saves are in the files and reach the site with the next build that succeeds.',
    );
    fs.rmSync(path.join(site, 'data/creatives/cybersport.png'));
    expect(explainFailure(site, now)).toBe(
      'the build refuses the tables: data/slugs.json: cybersport: creative "cybersport.png": no such file in data/creatives/. Mend that file and save again.',
    );
    expect(explainFailure(site, now)).not.toMatch(/BENCH_PEAK_RSS_KB|error #/);
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
});
