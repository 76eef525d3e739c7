/**
 * The stand-in's event log: every tracking call it takes, one JSON line each, in the shape the funnel
 * report reads (`npm run funnel`, docs/funnel.md) and the main site's Kafka topic can be exported to:
 * {"receivedAt", "topic", "action", "event"}, event being the decoded TrackingEvent.
 */
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_EVENT_LOG = path.resolve(__dirname, '..', 'var', 'events.jsonl');

/** PROMO_EVENT_LOG (relative to the working directory), else var/events.jsonl in the repository. */
export function eventLogPathFrom(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const raw = env.PROMO_EVENT_LOG?.trim();
  return raw ? path.resolve(cwd, raw) : DEFAULT_EVENT_LOG;
}

export interface EventLogLine {
  receivedAt: string;
  topic: string;
  action: string;
  event: unknown;
  /** Present, and true, on a call from a page the editor's preview or the QA index opened (lib/preview.ts). */
  preview?: true;
}

type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form body carries every scalar as text and null as an empty value (src/domain/form-encoding.ts), so
 * the fields TrackingEvent types as numbers or as nullable text are given their types back. JSON-encoded
 * additional_data kept its types and is taken as it is.
 */
const NUMBERS: Record<string, readonly string[]> = {
  '': ['timezone'],
  detail: ['lcp', 'inp', 'cls', 'fcp', 'ttfb'],
};
const NULLABLE_TEXT: Record<string, readonly string[]> = {
  '': ['login'],
  detail: ['partnerUid', 'effectiveType'],
  additional_data: ['imprintHash'],
};

function retype(tree: Tree, at: string): void {
  for (const key of NUMBERS[at] ?? []) {
    const value = tree[key];
    if (typeof value !== 'string') continue;
    const number = Number(value);
    tree[key] = value.trim() === '' ? null : Number.isFinite(number) ? number : value;
  }
  for (const key of NULLABLE_TEXT[at] ?? []) if (tree[key] === '') tree[key] = null;
}

/** The event of a call: additional_data decoded, or null when the call carried none. */
export function decodeTrackingEvent(additionalData: unknown): unknown {
  if (typeof additionalData === 'string') {
    if (additionalData === '') return null;
    try {
      return JSON.parse(additionalData);
    } catch {
      return null;
    }
  }
  if (!isTree(additionalData)) return null;
  const event = structuredClone(additionalData);
  retype(event, '');
  for (const part of ['detail', 'additional_data']) if (isTree(event[part])) retype(event[part] as Tree, part);
  return event;
}

/** Appends lines; a line that cannot be written is reported once and never fails the call that brought it. */
export class EventLog {
  private failing = false;

  constructor(readonly file: string) {}

  append(line: EventLogLine): void {
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`);
      this.failing = false;
    } catch (error) {
      if (!this.failing) console.error(`[stand-in] could not append to the event log ${this.file}: ${(error as Error).message}`);
      this.failing = true;
    }
  }
}
