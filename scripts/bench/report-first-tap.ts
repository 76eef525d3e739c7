/** The first-tap row of the report (pure): its JSON shape and its markdown section. */
import type { BudgetRow } from './budgets';
import { NA, fmtMs, fmtRatio, table } from './format';
import { visitFigure, type Interaction, type TapVisit } from './interactions';
import { median } from './stats';

/** One page of the row: every visit, the median of their worst interactions, the visit with the median figure. */
export interface FirstTapPageFigures {
  path: string;
  medianMs: number | null;
  visits: TapVisit[];
  typical: TapVisit | null;
}

export interface FirstTapFigures {
  /** Chromium's CPU throttling rate of every visit. */
  cpuRate: number;
  /** Rounds asked and rounds that ran (each: the plain form and every sample, in another order). */
  roundsAsked: number;
  rounds: number;
  field: string;
  keys: string;
  thresholdMs: number;
  /** The registration form as built, alone in a page with no script, served beside the bare Gatsby page. */
  plainForm: FirstTapPageFigures | null;
  landings: Array<FirstTapPageFigures & { role: string }>;
}

/** A figure of the row: under the Event Timing threshold nothing was reported, so say so rather than "0 ms". */
export function fmtTap(ms: number | null | undefined, thresholdMs: number): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NA;
  return ms < thresholdMs ? `< ${thresholdMs} ms` : fmtMs(ms);
}

/** "tap" or "key", with where its time went: waiting for the main thread, the handlers, until the next paint. */
export function describeInteraction(interaction: Interaction | null): string {
  if (!interaction) return 'none reached the threshold';
  const kind = interaction.events.some((name) => name.startsWith('key')) ? 'key' : 'tap';
  return (
    `${kind} ${fmtMs(interaction.durationMs)}: input delay ${fmtMs(interaction.inputDelayMs)}, ` +
    `handlers ${fmtMs(interaction.processingMs)}, to the paint ${fmtMs(interaction.presentationMs)}`
  );
}

function visitsCell(page: FirstTapPageFigures, thresholdMs: number): string {
  return page.visits.map((visit) => fmtTap(visitFigure(visit), thresholdMs)).join(', ') || NA;
}

function typicalCells(page: FirstTapPageFigures): string[] {
  const typical = page.typical;
  const hydrated = median(page.visits.map((visit) => visit.hydratedAfterTapMs ?? Number.NaN));
  return [
    typical ? describeInteraction(typical.worst) : NA,
    `${page.visits.filter((visit) => visit.keysKept).length} of ${page.visits.length}`,
    Number.isFinite(hydrated) ? fmtMs(hydrated) : 'never',
    typical ? typical.scriptsAfterTap.join(', ') || 'none' : NA,
    typical ? typical.busyScripts.map((entry) => `${entry.script} ${fmtMs(entry.ms)}`).join(', ') || 'no long frame' : NA,
  ];
}

export function renderFirstTap(firstTap: FirstTapFigures | null | undefined, budgets: BudgetRow[]): string[] {
  const rows = budgets.filter((entry) => entry.budget === 'first-tap');
  if (!rows.length && !firstTap) return [];
  const out: string[] = ['## First tap on the registration form', ''];
  if (!firstTap) {
    out.push('The first-tap visits did not run: the budgets below are not measured.', '');
    return out;
  }
  const threshold = firstTap.thresholdMs;
  out.push(
    `Chromium slowed down ${firstTap.cpuRate}× for real (Emulation.setCPUThrottlingRate), network not throttled, Lighthouse's mobile screen with touch; ` +
      `a fresh visitor per visit: the page loads and rests, ${firstTap.field} is scrolled into view, tapped, then "${firstTap.keys}" typed a key at a time. ` +
      `A visit's figure is its worst interaction (Event Timing, threshold ${threshold} ms: what INP is made of); the median over ${firstTap.rounds} interleaved round(s) is judged. ` +
      'The plain form is the same form as built, alone in a page with no script, served beside the bare Gatsby page.',
  );
  out.push('');
  const plain = firstTap.plainForm;
  const limit = rows[0];
  out.push(
    plain
      ? `Plain form: ${fmtTap(plain.medianMs, threshold)} (visits ${visitsCell(plain, threshold)}; typical: ${describeInteraction(plain.typical?.worst ?? null)}). ` +
          `Limit: ≤ ${limit && Number.isFinite(limit.limit) ? fmtMs(limit.limit) : NA} (${limit?.detail ?? NA}).`
      : 'The plain form was not measured: the first taps are not judged.',
  );
  out.push('');
  out.push(
    table(
      [
        'Landing',
        'First tap (×plain)',
        'Visits',
        'Worst interaction of the typical visit',
        'Keys kept',
        'Form hydrated after the tap (median)',
        'Scripts fetched after the tap',
        'Scripts in long frames during it',
        'Result',
      ],
      firstTap.landings.map((landing) => {
        const entry = rows.find((candidate) => candidate.subject === landing.path);
        const times = entry?.timesBare ?? null;
        const result = !entry || entry.pass === null ? 'not judged' : entry.pass ? 'pass' : '**FAIL**';
        return [
          `${landing.path} (${landing.role})`,
          `${fmtTap(landing.medianMs, threshold)} (${times === null ? '×plain n/a' : fmtRatio(times)})`,
          visitsCell(landing, threshold),
          ...typicalCells(landing),
          result,
        ];
      }),
    ),
  );
  out.push('');
  const lost = firstTap.landings.filter((landing) => landing.visits.some((visit) => !visit.keysKept));
  if (lost.length)
    out.push(
      `**Typed digits lost** on ${lost.map((landing) => landing.path).join(', ')}: the field did not end with "${firstTap.keys}" in every visit (a key typed while the form came alive).`,
      '',
    );
  return out;
}
