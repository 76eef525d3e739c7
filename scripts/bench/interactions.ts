/**
 * Event Timing entries made into interactions, as INP counts them, and the figures of the first-tap
 * row: the worst interaction of each visit, the median visit of a page (pure).
 */
import { median } from './stats';

/** One PerformanceEventTiming entry, as the page recorded it. */
export interface EventEntry {
  /** The event type: pointerdown, click, keydown… */
  name: string;
  startMs: number;
  durationMs: number;
  processingStartMs: number;
  processingEndMs: number;
  /** 0 for events that are no interaction (pointerover, say). */
  interactionId: number;
}

export interface Interaction {
  id: number;
  /** The event types of the interaction that reached the threshold, in the order they started. */
  events: string[];
  startMs: number;
  /** What INP counts: its longest entry, from the input to the next paint. */
  durationMs: number;
  /** The longest entry in three parts that add up to it: waiting for the main thread, the handlers, until the paint. */
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

/** The interactions of a visit (entries grouped by interactionId), in the order they started. */
export function interactionsOf(entries: readonly EventEntry[]): Interaction[] {
  const groups = new Map<number, EventEntry[]>();
  for (const entry of entries) {
    if (!(entry.interactionId > 0)) continue;
    groups.set(entry.interactionId, [...(groups.get(entry.interactionId) ?? []), entry]);
  }
  return [...groups.entries()]
    .map(([id, group]) => {
      const ordered = [...group].sort((a, b) => a.startMs - b.startMs);
      const longest = ordered.reduce((best, entry) => (entry.durationMs > best.durationMs ? entry : best));
      return {
        id,
        events: ordered.map((entry) => entry.name),
        startMs: ordered[0].startMs,
        durationMs: longest.durationMs,
        inputDelayMs: longest.processingStartMs - longest.startMs,
        processingMs: longest.processingEndMs - longest.processingStartMs,
        presentationMs: longest.startMs + longest.durationMs - longest.processingEndMs,
      };
    })
    .sort((a, b) => a.startMs - b.startMs);
}

/** The longest interaction of a visit (the earlier of equals); null when none reached the threshold. */
export function worstInteraction(entries: readonly EventEntry[]): Interaction | null {
  return interactionsOf(entries).reduce<Interaction | null>(
    (worst, next) => (worst && worst.durationMs >= next.durationMs ? worst : next),
    null,
  );
}

/** What one visit showed. */
export interface TapVisit {
  /** null: no interaction of the visit reached the Event Timing threshold. */
  worst: Interaction | null;
  /** Every interaction of the visit that reached the threshold (the tap, the keys), in order. */
  interactions: Interaction[];
  /** From the tap to the form's island taking its HTML over; null when it did not (or the page has no island). */
  hydratedAfterTapMs: number | null;
  /** Whether the field ended with every key typed: a key lost while the form came alive is a visitor's digit gone. */
  keysKept: boolean;
  /** Script files the page asked for after the tap (the form's code, when nothing fetched it before). */
  scriptsAfterTap: string[];
  /** Scripts that ran in long animation frames during the worst interaction, longest first. */
  busyScripts: Array<{ script: string; ms: number }>;
}

/** A visit's figure: its worst interaction, 0 when none reached the threshold (it was shorter than that). */
export function visitFigure(visit: TapVisit): number {
  return visit.worst?.durationMs ?? 0;
}

/** A page's visits: the median of their figures, and the visit whose figure is the median one (the lower of two). */
export function summarizeVisits(visits: readonly TapVisit[]): { medianMs: number | null; typical: TapVisit | null } {
  if (visits.length === 0) return { medianMs: null, typical: null };
  const ordered = [...visits].sort((a, b) => visitFigure(a) - visitFigure(b));
  return { medianMs: median(visits.map(visitFigure)), typical: ordered[Math.floor((ordered.length - 1) / 2)] };
}
