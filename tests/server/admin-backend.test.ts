/**
 * The editor's way to the files (/__admin/api/v1, passed on to a real decap-server): a save from a
 * stale tab, a deletion of a creative in use, a too-small upload and a refused upload left in a draft
 * never reach the tree, and a save that starts an experiment records its split.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { startEditorBackend, type DecapServer } from '../../server/admin/decap-server';
import { sha256 } from '../../server/admin/check';
import { copyOfTables, makeApp } from './helpers';

const QUIZ = 'data/promotions/zenit/ru/quiz.json';

// Each write runs the build's table checks twice; on a busy machine that takes seconds.
jest.setTimeout(60_000);

let repo: string;
let decap: DecapServer;
let app: FastifyInstance;
/** The site's rebuilds the saves started: each finishes at once. */
let builds = 0;
const build = async () => {
  builds += 1;
  return { exitCode: 0, tail: '' };
};

beforeAll(async () => {
  repo = copyOfTables('editor-backend-');
  decap = await startEditorBackend(repo, []);
  app = makeApp({ admin: { repoDir: repo, localBackend: decap.url, repo: 'o/r', build } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await decap?.stop();
  fs.rmSync(repo, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

async function backend(action: string, params: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/__admin/api/v1', payload: { action, params: { branch: 'main', ...params } } });
  return { status: response.statusCode, body: response.json() };
}

const persist = (file: string, raw: string, extra: Record<string, unknown> = {}) =>
  backend('persistEntry', {
    dataFiles: [{ slug: path.basename(file, '.json'), path: file, raw }],
    assets: [],
    options: { commitMessage: 'save', collectionName: 'promotions', useWorkflow: false, status: 'draft' },
    ...extra,
  });

const withDate = (raw: string, date: string) => raw.replace(/"date": "[^"]+"/, `"date": "${date}"`);

test('reads pass through to decap-server', async () => {
  const { status, body } = await backend('getEntry', { path: QUIZ });
  expect(status).toBe(200);
  expect(body.file.path).toBe(QUIZ);
  expect(body.data).toBe(read(QUIZ));
});

test('a save starts the site’s rebuild by itself, with no request from the tab; a refused one starts none', async () => {
  const opened = read(QUIZ);
  const rebuilt = async () => (await app.inject({ method: 'GET', url: '/__admin/rebuild' })).json().generation as number;
  const [buildsBefore, generationBefore] = [builds, await rebuilt()];
  expect((await persist(QUIZ, withDate(opened, '2027-01-31'), { base: { [QUIZ]: sha256(opened) } })).status).toBe(200);
  for (let look = 0; (await rebuilt()) === generationBefore && look < 100; look += 1) await new Promise(setImmediate);
  expect({ builds: builds - buildsBefore, generation: (await rebuilt()) - generationBefore }).toEqual({ builds: 1, generation: 1 });
  expect((await persist(QUIZ, withDate(opened, '1900-01-01'))).status).toBe(409);
  expect(builds - buildsBefore).toBe(1);
  fs.writeFileSync(path.join(repo, QUIZ), opened);
});

test('two tabs on one landing: the stale one is refused and the first one’s save is kept byte for byte', async () => {
  const opened = read(QUIZ);
  const base = { [QUIZ]: sha256(opened) };
  const tabA = withDate(opened, '2027-02-28');
  expect((await persist(QUIZ, tabA, { base })).status).toBe(200);
  expect(read(QUIZ)).toBe(tabA);

  const tabB = `${opened.slice(0, -2)},\n  "promo": "UA2000"\n}\n`;
  const refused = await persist(QUIZ, tabB, { base });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe(
    `${QUIZ} was changed since you opened it (saved from another tab or by someone else), so your change is not saved and theirs is kept: reload the page to see the file as it is now, then make your change again`,
  );
  expect(read(QUIZ)).toBe(tabA);

  // Tab A saves again, from what it wrote: not stale.
  const again = withDate(tabA, '2027-03-31');
  expect((await persist(QUIZ, again, { base: { [QUIZ]: sha256(tabA) } })).status).toBe(200);
  expect(read(QUIZ)).toBe(again);
});

test('a save the build refuses is refused here too, whichever way it came, and nothing is written', async () => {
  const before = read(QUIZ);
  const refused = await persist(QUIZ, withDate(before, '1900-01-01'));
  expect(refused).toEqual({
    status: 409,
    body: {
      error: `The build refuses this change: ${QUIZ}: zenit/ru/quiz: date "1900-01-01" is outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")`,
    },
  });
  expect(read(QUIZ)).toBe(before);
});

test('deleting a creative the tables use is refused, naming the landings', async () => {
  const creative = 'data/creatives/cybersport.png';
  const bytes = fs.readFileSync(path.join(repo, creative));
  for (const [action, params] of [
    ['deleteFile', { path: creative, options: { commitMessage: 'delete' } }],
    ['deleteFiles', { paths: [creative], options: { commitMessage: 'delete' } }],
  ] as const) {
    const refused = await backend(action, params);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      /^Not deleted: it is the hero of zenit\/\w+\/cybersport, .* and \d+ more; the build would refuse the tables without it: /,
    );
    expect(refused.body.error).toContain('data/slugs.json: cybersport: creative "cybersport.png": no such file in data/creatives/');
    expect(fs.readFileSync(path.join(repo, creative))).toEqual(bytes);
  }
});

test('an upload too small for a hero is refused and not written; a large one is, and can be deleted while unused', async () => {
  const small = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#13315c' } })
    .png()
    .toBuffer();
  const upload = (name: string, image: Buffer) =>
    backend('persistMedia', {
      asset: { path: `data/creatives/${name}`, content: image.toString('base64'), encoding: 'base64' },
      options: { commitMessage: 'upload' },
    });
  const refused = await upload('small-hero.png', small);
  expect(refused).toEqual({
    status: 409,
    body: {
      error:
        'The build refuses this image: creative "small-hero.png" is 400×200 px; a hero needs at least 1080×540 px (2:1; other shapes are cropped at the centre)',
    },
  });
  expect(fs.existsSync(path.join(repo, 'data/creatives/small-hero.png'))).toBe(false);

  const large = await sharp({ create: { width: 1080, height: 540, channels: 3, background: '#13315c' } })
    .png()
    .toBuffer();
  expect((await upload('autumn.png', large)).status).toBe(200);
  expect(fs.readFileSync(path.join(repo, 'data/creatives/autumn.png'))).toEqual(large);
  expect((await backend('deleteFile', { path: 'data/creatives/autumn.png', options: { commitMessage: 'delete' } })).status).toBe(200);
  expect(fs.existsSync(path.join(repo, 'data/creatives/autumn.png'))).toBe(false);
});

test('an image left in the entry’s draft by a refused save is not written by the next save', async () => {
  const small = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#13315c' } })
    .png()
    .toBuffer();
  const raw = withDate(read(QUIZ), '2027-01-31');
  const saved = await persist(QUIZ, raw, {
    assets: [{ path: 'data/creatives/small-hero.png', content: small.toString('base64'), encoding: 'base64' }],
  });
  expect(saved.status).toBe(200);
  expect(read(QUIZ)).toBe(raw);
  expect(fs.existsSync(path.join(repo, 'data/creatives/small-hero.png'))).toBe(false);
});

test('a save that starts an experiment records its split in the ledger with it', async () => {
  const file = 'data/promotions/zenit/ru/bonus20000.json';
  const row = JSON.parse(read(file));
  row.experiment = {
    id: 'bonus20000-cta-1',
    variants: [
      { id: 'control', weight: 60 },
      { id: 'short', weight: 40, texts: { ru: { cta: 'Забрать бонус' } } },
    ],
  };
  const raw = `${JSON.stringify(row, null, 2)}\n`;
  expect((await persist(file, raw)).status).toBe(200);
  expect(read(file)).toBe(raw);
  expect(JSON.parse(read('data/experiments-ledger.json'))).toMatchObject({
    'bonus25000-headline-1': { control: 50, 'take-bonus': 50 },
    'bonus20000-cta-1': { control: 60, short: 40 },
  });

  // Re-weighted under the same id: refused with a new id to use.
  row.experiment.variants[0].weight = 50;
  row.experiment.variants[1].weight = 50;
  const refused = await persist(file, `${JSON.stringify(row, null, 2)}\n`);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toContain('experiment "bonus20000-cta-1" started as control 60 · short 40');
  expect(refused.body.error).toContain('give it a new id, such as "bonus20000-cta-2"');
  expect(read(file)).toBe(raw);
});

test('with another file already broken, a save names that file instead of saying "saved"', async () => {
  const broken = 'data/promotions/zenit/de/freebet35.json';
  const before = read(broken);
  fs.writeFileSync(path.join(repo, broken), withDate(before, '31.12.2027'));
  try {
    const quiz = read(QUIZ);
    const refused = await persist(QUIZ, withDate(quiz, '2027-03-30'));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `The build refuses this change: the site cannot be built now because of another file, so this save could not reach it: ${broken}: zenit/de/freebet35: date "31.12.2027" is not a date (YYYY-MM-DD) — mend that first (or ask a developer)`,
    );
    expect(read(QUIZ)).toBe(quiz);
    // Mending the broken file itself is a save like any other.
    expect((await persist(broken, before)).status).toBe(200);
  } finally {
    fs.writeFileSync(path.join(repo, broken), before);
  }
});

test('without a backend the editor says why, and writes nothing', async () => {
  const bare = makeApp({ admin: { repoDir: repo, localBackend: null, backendProblem: 'port 9902: the port is taken', repo: 'o/r' } });
  const page = await bare.inject({ url: '/__admin/' });
  expect(page.body).toContain('The editor cannot save here: port 9902: the port is taken.');
  const call = await bare.inject({ method: 'POST', url: '/__admin/api/v1', payload: { action: 'getEntry', params: { path: QUIZ } } });
  expect(call.statusCode).toBe(503);
  expect(call.json().error).toContain('port 9902: the port is taken');
  await bare.close();
});
