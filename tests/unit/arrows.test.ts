/**
 * The arrows of CONTRIBUTING.md ("Where code goes") as lint holds them: a file in one folder importing a
 * real module of another is refused where the arrow runs back and let through where it runs forward.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Each probe imports one real module of the tree; a child Node lints them (lint-probes.mjs). */
function refusalsOf(cases: [string, string][]): string[][] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-probes.mjs'), JSON.stringify(cases)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

const BACK: [string, string][] = [
  ['src/domain/probe.ts', 'src/features/registration/RegistrationForm.tsx'],
  ['src/domain/probe.ts', 'lib/root.ts'],
  ['src/features/casino/probe.ts', 'src/features/odds/OddsCards.tsx'],
  ['lib/probe.ts', 'tables/load.ts'],
  ['tables/probe.ts', 'gatsby/hooks/site.ts'],
  ['gatsby/probe.ts', 'reports/funnel/cli.ts'],
  ['deploy/probe.ts', 'server/app.ts'],
  ['reports/funnel/probe.ts', 'server/app.ts'],
  ['reports/experiments/probe.ts', 'reports/funnel/report.ts'],
  ['reports/shared/probe.ts', 'reports/experiments/report.ts'],
  ['server/host/probe.ts', 'server/stand-in/state.ts'],
  ['server/stand-in/probe.ts', 'server/host/static-files.ts'],
  ['server/qa/probe.ts', 'server/stand-in/state.ts'],
  ['server/probe.ts', 'scripts/start.ts'],
  ['scripts/probe.ts', 'tests/fixtures/tables.ts'],
  ['tables/probe.ts', 'src/features/registration/RegistrationForm.tsx'],
];

const FORWARD: [string, string][] = [
  ['src/features/casino/probe.ts', 'src/domain/landings.ts'],
  ['tables/probe.ts', 'src/domain/landings.ts'],
  ['tables/probe.ts', 'lib/root.ts'],
  ['gatsby/probe.ts', 'tables/load.ts'],
  ['reports/funnel/probe.ts', 'reports/experiments/report.ts'],
  ['reports/experiments/probe.ts', 'reports/shared/wilson.ts'],
  ['server/qa/probe.ts', 'reports/funnel/report.ts'],
  ['server/host/probe.ts', 'server/request.ts'],
  ['scripts/probe.ts', 'server/app.ts'],
];

let back: string[][];
let forward: string[][];
beforeAll(() => {
  [back, forward] = [refusalsOf(BACK), refusalsOf(FORWARD)];
});

test.each(BACK.map((pair, at) => [...pair, at] as const))('%s may not import %s', (_importing, _imported, at) => {
  expect(back[at]).not.toEqual([]);
});

test.each(FORWARD.map((pair, at) => [...pair, at] as const))('%s may import %s', (_importing, _imported, at) => {
  expect(forward[at]).toEqual([]);
});
