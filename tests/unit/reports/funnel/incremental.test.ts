/**
 * The database file beside the log: however the log was read (a piece at a time, cut anywhere, even in
 * the middle of a line; rotated; truncated and written again), the report is the one a single read of
 * the log's complete lines gives, bad lines and their numbers included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { queryEventLog, readEventLog, type QueryOptions, type QueryResult } from '../../../../reports/funnel/query';
import { buildFunnelReport, type FunnelReport } from '../../../../reports/funnel/report';
import { funnelLogLines, randomFrom } from '../../../../reports/funnel/sample-log/log';

// Every read opens the embedded database: seconds on a busy machine, not a hang. The property's ten
// cases open it some eighty times, so a machine slowed several times over needs minutes for them.
jest.setTimeout(600_000);

const LANDINGS = [
  { brand: 'zenit', country: 'ru', slug: 'bonus20000', category: 'casino' },
  { brand: 'zenbet', country: 'br', slug: 'freebet35', category: 'sport' },
];

const EXPERIMENTS = [
  {
    id: 'test-hero',
    slug: 'bonus20000',
    variants: [
      { id: 'control', weight: 50, pull: 1 },
      { id: 'bold', weight: 50, pull: 1.5 },
    ],
  },
];

type Line = { action: string; event: { detail: Record<string, unknown>; additional_data: Record<string, unknown> } };

/**
 * Lines whose figures move when another line of their page view comes later: an event naming another
 * country than its view_landing (the landing moves when the view comes), a second web_vitals beacon with
 * worse values (the vitals move), a view_landing without the fingerprint its other events carry (the
 * visitor moves). Unreadable lines pass unchanged.
 */
function withLateChanges(lines: string[]): string[] {
  return lines.flatMap((text, index) => {
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      return [text];
    }
    const { detail, additional_data: additional } = line.event ?? {};
    if (!detail || !additional) return [text];
    if (line.action === 'web_vitals' && index % 4 === 1) {
      const worse = { ...detail, lcp: Number(detail.lcp) + 1500 + (index % 7), cls: Number(detail.cls) + 0.1 };
      return [text, JSON.stringify({ ...line, event: { ...line.event, detail: worse } })];
    }
    if (line.action === 'view_landing' && index % 3 === 0 && additional.imprintHash)
      return [JSON.stringify({ ...line, event: { ...line.event, additional_data: { ...additional, imprintHash: null } } })];
    if (line.action !== 'view_landing' && index % 5 === 2)
      return [JSON.stringify({ ...line, event: { ...line.event, detail: { ...detail, country: 'zz' } } })];
    return [text];
  });
}

/**
 * Consent choices among the events (one a bad choice now and then): they name no page view, so they must
 * stay out of every page view's figures and be counted once however the log is cut.
 */
function withConsentChoices(lines: string[], seed: number): string[] {
  const random = randomFrom(seed + 7);
  const choices = ['accept', 'refuse', 'withdraw', 'accept', 'maybe'];
  return lines.flatMap((text, index) => {
    if (index % 9 !== 4) return [text];
    const { brand, country, slug } = LANDINGS[index % LANDINGS.length];
    const date = new Date(Date.UTC(2026, 2, 1) + Math.floor(random() * 3 * 86_400_000)).toISOString();
    const detail = { choice: choices[Math.floor(random() * choices.length)], market: country, brand, slug, consentMode: 'opt-in' };
    const event = { eventType: 'landing', eventCode: 'consent_choice', date, detail };
    return [text, JSON.stringify({ receivedAt: date, topic: 'landing_events', action: 'consent_choice', event })];
  });
}

/**
 * A log's bytes: sample events, consent choices, a few broken, with blank, not-UTF-8 and cut lines among them (few enough
 * that each shows its line); some whose figures move when a later line comes (withLateChanges); one line
 * in seven sent twice, and all of them shuffled, so a page view's events (a code sent twice, its beacon)
 * fall in different pieces.
 */
function logBytes(seed: number, events: number): Buffer {
  const sound = withConsentChoices(
    withLateChanges([
      ...funnelLogLines({
        events,
        seed,
        landings: LANDINGS,
        start: Date.UTC(2026, 2, 1),
        days: 3,
        badShare: 0.03,
        experiments: EXPERIMENTS,
      }),
    ]),
    seed,
  );
  const random = randomFrom(seed);
  const lines = [...sound, ...sound.filter((_, index) => index % 7 === 3)]
    .map((line) => ({ line, at: random() }))
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.line);
  const parts = lines.flatMap((line, index) => {
    const extra =
      index % 17 === 5 ? [Buffer.from('\n')] : index % 31 === 7 ? [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a])] : [];
    return [Buffer.from(`${line}\n`), ...extra];
  });
  return Buffer.concat(parts);
}

const report = async (file: string, options: QueryOptions = {}): Promise<FunnelReport> =>
  buildFunnelReport(await queryEventLog(file, { ...options, histogram: true }), { source: 'events.jsonl', minPageViews: 1 });

/**
 * The report of one read of the file's complete lines, from a copy holding only those, gathered from its
 * events (a report between dates does not read the counts the reads keep).
 */
async function oneRead(file: string, scratch: string): Promise<FunnelReport> {
  const bytes = fs.readFileSync(file);
  const copy = path.join(scratch, 'one-read.jsonl');
  fs.writeFileSync(copy, bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1));
  return report(copy, { from: '1970-01-01' });
}

type Step =
  | { kind: 'append'; upTo: number }
  | { kind: 'read' }
  | { kind: 'rotate'; seed: number; written: number }
  | { kind: 'truncate'; seed: number; keep: number };

/** A share of a log in ten-thousandths, spread over the whole range (fast-check's doubles cluster at the ends). */
const share = fc.integer({ min: 0, max: 10_000 }).map((part) => part / 10_000);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('append' as const), upTo: share }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rotate' as const), seed: fc.integer({ min: 2, max: 50 }), written: share }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('truncate' as const), seed: fc.integer({ min: 51, max: 99 }), keep: share }),
  },
);

test('a log read in pieces, cut at any byte, rotated or truncated, reports as one read of it', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), fc.integer({ min: 1, max: 1000 }), async (steps, seed) => {
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
      try {
        const file = path.join(scratch, 'events.jsonl');
        const database = path.join(scratch, 'events.duckdb');
        let source = logBytes(seed, 120);
        let written = 0;
        fs.writeFileSync(file, '');
        const readAndCompare = async () => {
          expect(await report(file, { database })).toEqual(await oneRead(file, scratch));
        };
        for (const next of steps) {
          if (next.kind === 'append') {
            const upTo = Math.max(written, Math.round(next.upTo * source.length));
            fs.appendFileSync(file, source.subarray(written, upTo));
            written = upTo;
          } else if (next.kind === 'read') await readAndCompare();
          else if (next.kind === 'rotate') {
            // A new file under the old name, as logrotate leaves it: another inode.
            source = logBytes(next.seed, 160);
            written = Math.round(next.written * source.length);
            fs.writeFileSync(`${file}.new`, source.subarray(0, written));
            fs.renameSync(`${file}.new`, file);
          } else {
            // The same file cut short, then written on: what was read before it may be gone.
            const keep = Math.round(next.keep * fs.statSync(file).size);
            fs.truncateSync(file, keep);
            source = Buffer.concat([fs.readFileSync(file), logBytes(next.seed, 120)]);
            written = keep;
          }
        }
        // The writer finishes its line; the last read sees the whole log.
        fs.appendFileSync(file, source.subarray(written));
        await readAndCompare();
        // Over all dates the report reads the page views the reads kept; between dates it gathers them
        // from the events: both ways give the same rows.
        const [kept, gathered] = await Promise.all([queryEventLog(file, { database }), queryEventLog(file, { from: '1970-01-01' })]);
        expect(gathered).toEqual(kept);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    }),
    { numRuns: 10 },
  );
});

test('a half-written last line waits for the next run; --rebuild reads from the top', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
  try {
    const [file, database] = [path.join(scratch, 'events.jsonl'), path.join(scratch, 'events.duckdb')];
    const bytes = logBytes(3, 40);
    const cut = bytes.indexOf(0x0a, 2000) + 30;
    fs.writeFileSync(file, bytes.subarray(0, cut));
    const first = await readEventLog(file, { database });
    expect(first.ingest).toMatchObject({ startedAfresh: 'first run', bytesWaiting: 29 });
    fs.appendFileSync(file, bytes.subarray(cut));
    const second = await readEventLog(file, { database });
    expect(second.ingest).toMatchObject({ startedAfresh: null, bytesRead: bytes.length - cut + 29, bytesWaiting: 0 });
    const nothingNew = await readEventLog(file, { database });
    expect(nothingNew.ingest).toMatchObject({ startedAfresh: null, bytesRead: 0, linesRead: 0 });
    expect(nothingNew.result).toEqual(second.result);
    const rebuilt = await readEventLog(file, { database, rebuild: true });
    expect(rebuilt.ingest).toMatchObject({ startedAfresh: 'rebuild asked', bytesRead: bytes.length });
    expect(rebuilt.result).toEqual(second.result);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test('a database written by other parsing rules is read again from the top, whatever its columns', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
  try {
    const [file, database] = [path.join(scratch, 'events.jsonl'), path.join(scratch, 'events.duckdb')];
    fs.writeFileSync(file, logBytes(5, 40));
    const first = await readEventLog(file, { database });
    const instance = await DuckDBInstance.create(database);
    const connection = await instance.connect();
    await connection.run(
      `UPDATE ingest_state SET parser = 'older rules'; ALTER TABLE events DROP COLUMN variant; CREATE TABLE page_view_code_state (page_view_id VARCHAR, code VARCHAR)`,
    );
    connection.closeSync();
    instance.closeSync();
    const again = await readEventLog(file, { database });
    expect(again.ingest).toMatchObject({ startedAfresh: 'parser changed', bytesRead: fs.statSync(file).size });
    expect(again.result).toEqual(first.result);
    // A table the older rules kept and today's do not is gone with the rest.
    const reopened = await DuckDBInstance.create(database);
    const check = await reopened.connect();
    const tables = (await check.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE NOT temporary`)).getRowObjectsJS();
    check.closeSync();
    reopened.closeSync();
    expect(tables.map((table) => table.table_name)).not.toContain('page_view_code_state');
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test('a page view whose events fall in two reads keeps its landing, its visitor and its vitals', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
  try {
    const [file, database] = [path.join(scratch, 'events.jsonl'), path.join(scratch, 'events.duckdb')];
    const line = (action: string, detail: Record<string, unknown>, imprintHash: string | null = null) =>
      `${JSON.stringify({
        action,
        event: {
          date: '2026-03-02T10:00:00.000Z',
          detail: { pageViewId: 'pv1', brand: 'zenit', country: 'ru', slug: 'quiz', ...detail },
          additional_data: { imprintHash },
        },
      })}\n`;
    fs.writeFileSync(file, line('view_landing', {}, 'imp1') + line('web_vitals', { lcp: 1800, inp: 90, cls: 0.01 }));
    await readEventLog(file, { database });
    fs.appendFileSync(file, line('reg_start', { country: 'kz' }) + line('reg_start', {}));
    const { result } = await readEventLog(file, { database });
    expect(result).toEqual(await queryEventLog(file));
    const all = result.codes.filter((row) => row.level === 'landing').map((row) => [row.country, row.code, row.pageViews]);
    expect(all).toEqual([
      ['ru', 'reg_start', 1],
      ['ru', 'view_landing', 1],
      ['ru', 'web_vitals', 1],
    ]);
    expect(result.vitals.find((row) => row.level === 'all' && row.metric === 'lcp')).toMatchObject({ measured: 1, p75: 1800 });
    expect(result.visitors.find((row) => row.level === 'all')).toMatchObject({ visitors: 1 });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test('a later read that names a page view’s landing, its fingerprint or worse vitals moves it in every count', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
  try {
    const [file, database] = [path.join(scratch, 'events.jsonl'), path.join(scratch, 'events.duckdb')];
    const line = (
      action: string,
      pageViewId: string,
      country: string,
      visitor: { imprintHash?: string; sessionId?: string },
      vitals = {},
    ) =>
      `${JSON.stringify({
        action,
        event: {
          date: '2026-03-02T10:00:00.000Z',
          detail: { pageViewId, brand: 'zenit', country, slug: 'quiz', ...vitals },
          additional_data: { imprintHash: visitor.imprintHash ?? null, sessionId: visitor.sessionId ?? null },
        },
      })}\n`;
    // pv1 is viewed by session s1, pv2 by fingerprint imp1; pv3 has no view yet and names kz.
    fs.writeFileSync(
      file,
      line('view_landing', 'pv1', 'ru', { sessionId: 's1' }) +
        line('view_landing', 'pv2', 'ru', { imprintHash: 'imp1', sessionId: 's2' }) +
        line('reg_start', 'pv3', 'kz', { imprintHash: 'imp3' }) +
        line('web_vitals', 'pv3', 'kz', { imprintHash: 'imp3' }, { lcp: 1800, inp: 90, cls: 0.01 }),
    );
    const before = (await readEventLog(file, { database })).result;
    const landingCodes = (result: QueryResult) =>
      result.codes.filter((row) => row.level === 'landing').map((row) => [row.country, row.code, row.pageViews]);
    const landingVisitors = (result: QueryResult) =>
      result.visitors.filter((row) => row.level === 'landing').map((row) => [row.country, row.visitors]);
    expect(landingCodes(before)).toEqual([
      ['kz', 'reg_start', 1],
      ['kz', 'web_vitals', 1],
      ['ru', 'view_landing', 2],
    ]);
    expect(landingVisitors(before)).toEqual([['ru', 2]]);
    expect(before).toEqual(await queryEventLog(file, { from: '1970-01-01' }));
    // pv1 turns out to be imp1's too; pv3's view names ru, and its second beacon is slower to paint and shifts more.
    fs.appendFileSync(
      file,
      line('reg_start', 'pv1', 'ru', { imprintHash: 'imp1', sessionId: 's1' }) +
        line('view_landing', 'pv3', 'ru', { imprintHash: 'imp3' }) +
        line('web_vitals', 'pv3', 'ru', { imprintHash: 'imp3' }, { lcp: 3000, inp: 60, cls: 0.2 }),
    );
    const { result } = await readEventLog(file, { database });
    expect(landingCodes(result)).toEqual([
      ['ru', 'reg_start', 2],
      ['ru', 'view_landing', 3],
      ['ru', 'web_vitals', 1],
    ]);
    expect(landingVisitors(result)).toEqual([['ru', 2]]);
    expect(result.visitors.find((row) => row.level === 'all')).toMatchObject({ visitors: 2 });
    const vitals = result.vitals.filter((row) => row.level === 'landing').map((row) => [row.country, row.metric, row.measured, row.p75]);
    expect(vitals).toEqual([
      ['ru', 'cls', 1, 0.2],
      ['ru', 'inp', 1, 90],
      ['ru', 'lcp', 1, 3000],
    ]);
    expect(result).toEqual(await queryEventLog(file, { from: '1970-01-01' }));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test('a log without a view yet has no visitors over all landings, as one read of it gives', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
  try {
    const [file, database] = [path.join(scratch, 'events.jsonl'), path.join(scratch, 'events.duckdb')];
    const detail = { pageViewId: 'pv1', brand: 'zenit', country: 'ru', slug: 'quiz' };
    fs.writeFileSync(file, `${JSON.stringify({ action: 'reg_start', event: { date: '2026-03-02T10:00:00.000Z', detail } })}\n`);
    const { result } = await readEventLog(file, { database });
    expect(result.visitors).toEqual([{ level: 'all', brand: null, country: null, slug: null, visitors: 0 }]);
    expect(result).toEqual(await queryEventLog(file, { from: '1970-01-01' }));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test('preview views are kept out of every count, read in pieces or after older rules, as a log without them gives', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-pieces-'));
  try {
    const [file, database, without] = ['events.jsonl', 'events.duckdb', 'without.jsonl'].map((name) => path.join(scratch, name));
    const sound = [
      ...funnelLogLines({
        events: 400,
        seed: 11,
        landings: LANDINGS,
        start: Date.UTC(2026, 2, 1),
        days: 3,
        badShare: 0,
        experiments: EXPERIMENTS,
      }),
    ];
    // Every third page view was opened by the editor or the QA index: all its lines are marked, as the
    // stand-in marks each call of such a page.
    const pageViewOf = (text: string) => (JSON.parse(text) as Line).event.detail.pageViewId as string;
    const ids = [...new Set(sound.map(pageViewOf))];
    const previewed = new Set(ids.filter((_, index) => index % 3 === 0));
    const marked = sound.map((text) => (previewed.has(pageViewOf(text)) ? JSON.stringify({ ...JSON.parse(text), preview: true }) : text));
    const previewLines = marked.filter((text) => previewed.has(pageViewOf(text))).length;
    expect(previewLines).toBeGreaterThan(50);
    fs.writeFileSync(
      without,
      sound
        .filter((text) => !previewed.has(pageViewOf(text)))
        .map((text) => `${text}\n`)
        .join(''),
    );

    // Read in three pieces, the cuts inside page views.
    const bytes = Buffer.from(marked.map((text) => `${text}\n`).join(''));
    fs.writeFileSync(file, '');
    for (const upTo of [0.3, 0.7, 1]) {
      fs.appendFileSync(file, bytes.subarray(fs.statSync(file).size, Math.round(upTo * bytes.length)));
      await readEventLog(file, { database });
    }
    const figures = (value: FunnelReport) => ({
      funnel: value.funnel,
      vitals: value.vitals,
      histograms: value.histograms,
      experiments: value.experiments,
      badInput: value.badInput,
      pageViews: value.totals.pageViews,
    });
    const expected = await report(without);
    const read = await report(file, { database });
    expect(figures(read)).toEqual(figures(expected));
    expect(read.totals).toMatchObject({ lines: sound.length, previews: previewLines, keptOut: 0, events: sound.length - previewLines });

    // A database its older rules wrote, previews counted, is read again from the top under today's.
    const instance = await DuckDBInstance.create(database);
    const connection = await instance.connect();
    await connection.run(`UPDATE ingest_state SET parser = 'older rules'; UPDATE events SET problem = NULL WHERE problem = 'preview'`);
    connection.closeSync();
    instance.closeSync();
    const again = await readEventLog(file, { database });
    expect(again.ingest).toMatchObject({ startedAfresh: 'parser changed' });
    expect(figures(buildFunnelReport(again.result, { source: 'events.jsonl', minPageViews: 1 }))).toEqual(
      figures(buildFunnelReport(await queryEventLog(without), { source: 'events.jsonl', minPageViews: 1 })),
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
