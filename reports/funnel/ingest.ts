/**
 * The embedded engine's incremental read of the event log: the database file keeps the typed events, the
 * unreadable lines and where the last run stopped (the file's identity, a byte offset, the line counts).
 * Each run parses only the complete lines added since, in one transaction; a rotated or truncated log
 * is read again from the top, and a last line still being written waits for the next run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DuckDbEngine } from './engines/duckdb';
import { quote, setUpReferenceTables, sqlOf } from './sql-files';

/** How much of the file's head, and of the bytes just before the offset, must read the same for it to be the log read last time. */
const FINGERPRINT_BYTES = 64 * 1024;
const CHUNK = 4 * 1024 * 1024;
const NEWLINE = 0x0a;
/** What schema.sql keeps between runs. */
const TABLES = [
  'events',
  'unreadable_lines',
  'ingest_state',
  'page_view_state',
  'landing_code_counts',
  'report_groups',
  'visitor_views',
  'visitor_counts',
  'vital_value_counts',
  'experiment_event_state',
  'consent_counts',
];
/** What each new piece goes through, in order, after load.sql has named its lines. */
const PIECE_SQL = [
  'events.sql',
  'unreadable.sql',
  'page-view-state.sql',
  'report-groups.sql',
  'count-codes.sql',
  'count-visitors.sql',
  'count-vitals.sql',
  'experiment-events.sql',
  'count-consent.sql',
  'forget-piece.sql',
];

export interface IngestState {
  parser: string;
  device: string;
  inode: string;
  byteOffset: number;
  headBytes: number;
  headHash: string;
  tailHash: string;
  linesRead: number;
  fileLines: number;
}

export interface IngestSummary {
  /** Why it read from the top, when it did. */
  startedAfresh: 'first run' | 'rebuild asked' | 'another file' | 'file truncated or rewritten' | 'parser changed' | null;
  bytesRead: number;
  linesRead: number;
  /** Bytes after the last complete line, left for the next run. */
  bytesWaiting: number;
}

/** The parsing SQL's own hash: a database written by other parsing rules is read again. */
const parserVersion = (): string =>
  crypto
    .createHash('sha256')
    .update(['schema.sql', 'load.sql', ...PIECE_SQL].map((name) => sqlOf('duckdb', name)).join('\0'))
    .digest('hex')
    .slice(0, 16);

function hashRange(fd: number, start: number, length: number): string {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const got = fs.readSync(fd, buffer, done, length - done, start + done);
    if (got === 0) break;
    done += got;
  }
  return crypto.createHash('sha256').update(buffer.subarray(0, done)).digest('hex');
}

function fingerprint(fd: number, offset: number): Pick<IngestState, 'headBytes' | 'headHash' | 'tailHash'> {
  const headBytes = Math.min(offset, FINGERPRINT_BYTES);
  const tailBytes = Math.min(offset, FINGERPRINT_BYTES);
  return { headBytes, headHash: hashRange(fd, 0, headBytes), tailHash: hashRange(fd, offset - tailBytes, tailBytes) };
}

/** The end of the last complete line at or after `from` (the byte after its "\n"), or `from` when there is none. */
function lastLineEnd(fd: number, from: number, size: number): number {
  const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(size - from, 1)));
  for (let end = size; end > from;) {
    const start = Math.max(from, end - buffer.length);
    const got = fs.readSync(fd, buffer, 0, end - start, start);
    const at = buffer.subarray(0, got).lastIndexOf(NEWLINE);
    if (at !== -1) return start + at + 1;
    end = start;
  }
  return from;
}

/** Counts the "\n" in [start, end), copying those bytes to `copyTo` when given. */
function countLines(fd: number, start: number, end: number, copyTo?: string): number {
  const out = copyTo === undefined ? undefined : fs.openSync(copyTo, 'w');
  const buffer = Buffer.alloc(CHUNK);
  let lines = 0;
  try {
    for (let at = start; at < end;) {
      const got = fs.readSync(fd, buffer, 0, Math.min(CHUNK, end - at), at);
      if (got === 0) throw new Error('the log got shorter while it was read');
      for (let index = buffer.indexOf(NEWLINE, 0); index !== -1 && index < got; index = buffer.indexOf(NEWLINE, index + 1)) lines++;
      if (out !== undefined) fs.writeSync(out, buffer, 0, got);
      at += got;
    }
  } finally {
    if (out !== undefined) fs.closeSync(out);
  }
  return lines;
}

const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

async function readState(engine: DuckDbEngine): Promise<IngestState | null> {
  const [row] = await engine.rows('SELECT * FROM ingest_state');
  if (!row) return null;
  return {
    parser: String(row.parser),
    device: String(row.device),
    inode: String(row.inode),
    byteOffset: Number(row.byte_offset),
    headBytes: Number(row.head_bytes),
    headHash: String(row.head_hash),
    tailHash: String(row.tail_hash),
    linesRead: Number(row.lines_read),
    fileLines: Number(row.file_lines),
  };
}

function whyAfresh(state: IngestState | null, parser: string, identity: { device: string; inode: string }, fd: number, size: number) {
  if (!state) return 'first run' as const;
  if (state.parser !== parser) return 'parser changed' as const;
  if (state.device !== identity.device || state.inode !== identity.inode) return 'another file' as const;
  if (size < state.byteOffset) return 'file truncated or rewritten' as const;
  const now = fingerprint(fd, state.byteOffset);
  if (now.headBytes !== state.headBytes || now.headHash !== state.headHash || now.tailHash !== state.tailHash)
    return 'file truncated or rewritten' as const;
  return null;
}

/**
 * Brings the engine's events up to the log's last complete line. On an in-memory engine it is a one-shot
 * read of the whole file; on a database file, the part added since the last run.
 */
export async function ingestLog(engine: DuckDbEngine, file: string, { rebuild = false } = {}): Promise<IngestSummary> {
  await engine.run(sqlOf('duckdb', 'schema.sql'));
  await setUpReferenceTables(engine);
  return readOn(engine, file, { rebuild, copy: false });
}

async function readOn(engine: DuckDbEngine, file: string, { rebuild, copy }: { rebuild: boolean; copy: boolean }): Promise<IngestSummary> {
  const parser = parserVersion();
  const fd = fs.openSync(file, 'r');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-piece-'));
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    const identity = { device: String(stat.dev), inode: String(stat.ino) };
    const size = Number(stat.size);
    const previous = await readState(engine);
    if (previous && previous.parser !== parser) {
      // Tables written by other rules may not even have today's columns, or be tables today's rules no
      // longer keep: every table of the file goes.
      const kept = await engine.rows(`SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND NOT temporary`);
      for (const { table_name: name } of kept) await engine.run(`DROP TABLE IF EXISTS ${quoteName(String(name))}`);
      await engine.run(sqlOf('duckdb', 'schema.sql'));
    }
    const afresh = rebuild ? ('rebuild asked' as const) : whyAfresh(previous, parser, identity, fd, size);
    const state = afresh ? null : previous;
    const offset = state?.byteOffset ?? 0;
    const end = lastLineEnd(fd, offset, size);
    const summary: IngestSummary = { startedAfresh: afresh, bytesRead: end - offset, linesRead: 0, bytesWaiting: size - end };
    if (!afresh && end === offset) return summary;

    // A whole file that ends in a complete line is read in place; any other piece is copied out first,
    // since the reader takes whole files only.
    const inPlace = !copy && offset === 0 && end === size;
    const piece = inPlace ? file : path.join(scratch, 'piece.jsonl');
    const lines = countLines(fd, offset, end, inPlace ? undefined : piece);
    await engine.run('BEGIN TRANSACTION');
    try {
      if (afresh) await engine.run(`DELETE FROM ${TABLES.join('; DELETE FROM ')};`);
      await engine.run(
        `SET VARIABLE log_file = ${quote(piece)}; SET VARIABLE lines_read = ${state?.linesRead ?? 0}; SET VARIABLE file_lines = ${state?.fileLines ?? 0};`,
      );
      if (end > offset) {
        await engine.run(sqlOf('duckdb', 'load.sql'));
        for (const name of PIECE_SQL) await engine.run(sqlOf('duckdb', name));
      }
      const [{ rejected }] = await engine.rows(
        `SELECT count(*) AS rejected FROM unreadable_lines WHERE line_no > ${state?.fileLines ?? 0}`,
      );
      // A file read in place that grew meanwhile was read past `end`: read it again as a piece.
      if (inPlace && fs.fstatSync(fd).size !== size) throw new Error('RETRY');
      const next: IngestState = {
        parser,
        ...identity,
        byteOffset: end,
        ...fingerprint(fd, end),
        linesRead: (state?.linesRead ?? 0) + lines - Number(rejected),
        fileLines: (state?.fileLines ?? 0) + lines,
      };
      await engine.run(
        `DELETE FROM ingest_state; INSERT INTO ingest_state VALUES (${[next.parser, next.device, next.inode].map((text) => quote(text)).join(', ')}, ${next.byteOffset}, ${next.headBytes}, ${quote(next.headHash)}, ${quote(next.tailHash)}, ${next.linesRead}, ${next.fileLines})`,
      );
      await engine.run('COMMIT');
      summary.linesRead = lines;
      return summary;
    } catch (error) {
      await engine.run('ROLLBACK');
      if ((error as Error).message === 'RETRY') return readOn(engine, file, { rebuild, copy: true });
      throw error;
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
