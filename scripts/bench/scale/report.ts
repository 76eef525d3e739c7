/** The scale row as markdown: one table of builds per size, Gatsby's steps side by side, the one-row edits, the budgets. */
import { buildOf, stepGrowth, type FactorRun, type ScaleVerdict } from './budgets';
import type { ScaleBuild } from './build';
import { pagePathOf } from './output';
import type { ScaleReport } from './run';

const s = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? '—' : `${seconds.toFixed(1)} s`);
const mb = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '—' : `${(bytes / 1e6).toFixed(0)} MB`);
const gb = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '—' : `${(bytes / 1e9).toFixed(2)} GB`);
const x = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : `${value.toFixed(2)}×`;
const mark = (pass: boolean | null) => (pass === null ? '–' : pass ? '✓' : '✗');

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

const step = (build: ScaleBuild | undefined, name: string) => build?.steps.find((entry) => entry.name === name)?.seconds ?? null;
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a != null && b != null && b > 0 ? a / b : null);

function sizeRows(runs: readonly FactorRun[]): string[][] {
  const base = runs.find((run) => run.factor === 1);
  const rows: string[][] = [];
  for (const run of runs) {
    const cold = buildOf(run, 'cold');
    const warms = [1, 2, 3].map((round) => buildOf(run, 'warm', round));
    rows.push([
      `${run.factor}×`,
      String(cold?.pages ?? warms[0]?.pages ?? '—'),
      s(cold?.seconds),
      warms.map((build) => s(build?.seconds)).join(' / '),
      `${s(step(cold, 'createPages'))} / ${s(step(warms[0], 'createPages'))}`,
      `${gb(cold?.memory.treeBytes)} / ${gb(warms[0]?.memory.treeBytes)}`,
      `${gb(cold?.memory.processBytes)} / ${gb(warms[0]?.memory.processBytes)}`,
      mb(cold?.public.bytes),
      warms.map((build) => mb(build?.cache.bytes)).join(' → '),
      (cold?.loadAverage ?? 0).toFixed(1),
    ]);
    if (base && run !== base) {
      const one = { cold: buildOf(base, 'cold'), warm: buildOf(base, 'warm', 1) };
      rows.push([
        `${run.factor}× ÷ 1×`,
        x(ratio(cold?.pages, one.cold?.pages)),
        x(ratio(cold?.seconds, one.cold?.seconds)),
        x(ratio(warms[0]?.seconds, one.warm?.seconds)),
        `${x(ratio(step(cold, 'createPages'), step(one.cold, 'createPages')))} / ${x(ratio(step(warms[0], 'createPages'), step(one.warm, 'createPages')))}`,
        `${x(ratio(cold?.memory.treeBytes, one.cold?.memory.treeBytes))} / ${x(ratio(warms[0]?.memory.treeBytes, one.warm?.memory.treeBytes))}`,
        `${x(ratio(cold?.memory.processBytes, one.cold?.memory.processBytes))} / ${x(ratio(warms[0]?.memory.processBytes, one.warm?.memory.processBytes))}`,
        x(ratio(cold?.public.bytes, one.cold?.public.bytes)),
        x(ratio(warms[0]?.cache.bytes, one.warm?.cache.bytes)),
        '',
      ]);
    }
  }
  return rows;
}

function stepRows(base: FactorRun, run: FactorRun): string[][] {
  const rows = new Map<string, string[]>();
  for (const kind of ['cold', 'warm'] as const) {
    const one = buildOf(base, kind, kind === 'warm' ? 1 : undefined);
    const many = buildOf(run, kind, kind === 'warm' ? 1 : undefined);
    if (!one || !many) continue;
    for (const growth of stepGrowth(one, many)) {
      const row = rows.get(growth.name) ?? [growth.name, '', '', '', '', '', ''];
      const at = kind === 'cold' ? 1 : 4;
      row[at] = s(growth.base);
      row[at + 1] = s(growth.scaled);
      row[at + 2] = `${x(growth.ratio)} ${growth.pass ? '' : '✗'}`.trim();
      rows.set(growth.name, row);
    }
  }
  const longest = (row: string[]) => Math.max(Number.parseFloat(row[2]) || 0, Number.parseFloat(row[5]) || 0);
  return [...rows.values()].sort((a, b) => longest(b) - longest(a));
}

function editRows(runs: readonly FactorRun[]): string[][] {
  const rows: string[][] = [];
  for (const run of runs) {
    for (const build of run.builds.filter((entry) => entry.kind !== 'cold')) {
      const edit = build.kind === 'edit: date' ? run.edits[0] : build.kind === 'edit: redirect' ? run.edits[1] : undefined;
      const what = edit
        ? `${edit.field} ${edit.from ?? '(none)'} → ${edit.to}`
        : build.kind === 'warm'
          ? `none (warm ${build.round})`
          : build.kind;
      const written = build.html.rewritten.map(pagePathOf);
      rows.push([
        `${run.factor}×`,
        what,
        s(build.seconds),
        String(build.html.rewritten.length),
        String(build.html.changed.length),
        written.length === 0 ? '—' : written.length <= 4 ? written.join(', ') : `${written.slice(0, 3).join(', ')} … (${written.length})`,
        build.loadAverage.toFixed(1),
      ]);
    }
  }
  return rows;
}

function verdictRows(verdicts: readonly ScaleVerdict[]): string[][] {
  return verdicts.map((verdict) => [
    verdict.budget,
    verdict.subject,
    verdict.measured === null
      ? '—'
      : verdict.unit === '×'
        ? x(verdict.measured)
        : `${verdict.measured.toFixed(verdict.unit.startsWith('%') ? 1 : 0)}`,
    verdict.unit === '×' ? `≤ ${x(verdict.limit)}` : `≤ ${verdict.limit} ${verdict.unit}`,
    mark(verdict.pass),
  ]);
}

export function renderScaleMarkdown(report: ScaleReport, heading = '##'): string {
  const out: string[] = [];
  const { machine } = report;
  out.push(`${heading} Scale: the tables at ${report.runs.map((run) => `${run.factor}×`).join(', ')} (issue 17)`);
  out.push('');
  out.push(
    `${report.generatedAt}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb.toFixed(0)} GB, Node ${machine.node}; ` +
      `load average at the start ${machine.loadAverageAtStart.map((value) => value.toFixed(1)).join(' / ')} (1/5/15 min); ` +
      `${(report.durationS / 60).toFixed(1)} min. Each size is its own copy of the working tree: a cold build, three warm builds of ` +
      `the same tables, then one edit of ${report.editedRow.brand}/${report.editedRow.country}/${report.editedRow.slug} (its date, then its redirect).`,
  );
  out.push('');
  out.push(
    ...table(
      [
        'tables',
        'pages',
        'cold',
        'warm 1 / 2 / 3',
        'createPages cold / warm',
        'peak RSS, process tree cold / warm',
        'largest process cold / warm',
        'public/',
        '.cache after warm 1 → 2 → 3',
        'load',
      ],
      sizeRows(report.runs),
    ),
  );
  const base = report.runs.find((run) => run.factor === 1);
  for (const run of report.runs.filter((entry) => entry !== base)) {
    if (!base) break;
    out.push('');
    out.push(`${heading}# Gatsby's steps, 1× and ${run.factor}× (first warm build), longest first; ✗ = grew faster than the pages`);
    out.push('');
    out.push(...table(['step', '1× cold', `${run.factor}× cold`, 'ratio', '1× warm', `${run.factor}× warm`, 'ratio'], stepRows(base, run)));
  }
  out.push('');
  out.push(`${heading}# Rebuilds after no edit and after a one-row edit: HTML files written (mtime) and changed (content)`);
  out.push('');
  out.push(...table(['tables', 'edit', 'wall', 'written', 'changed', 'which', 'load'], editRows(report.runs)));
  out.push('');
  out.push(`${heading}# Scale budgets`);
  out.push('');
  out.push(...table(['budget', 'subject', 'measured', 'limit', ''], verdictRows(report.verdicts)));
  if (report.errors.length) {
    out.push('');
    out.push(`${heading}# Scale errors`);
    out.push('');
    for (const error of report.errors) out.push(`- ${error.split('\n')[0]}`);
  }
  return out.join('\n');
}
