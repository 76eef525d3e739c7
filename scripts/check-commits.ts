/**
 * A step of `npm test`: the subject of every commit after RULE_BASE keeps the house rule
 * (commitlint.config.mjs, CONTRIBUTING.md). Older subjects were written before the rule and are left as
 * they are. A clone that does not hold RULE_BASE (a shallow one) cannot name the new commits, so the
 * check says so and passes rather than judging history it cannot see.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The last commit before the rule: every commit after it is held to it. */
export const RULE_BASE = '81d137f';

const root = path.resolve(__dirname, '..');

export interface CommitCheck {
  /** false only when a commit after the base breaks the rule. */
  ok: boolean;
  /** What the check did, for the terminal. */
  report: string;
}

function git(cwd: string, args: string[]) {
  return spawnSync('git', args, { cwd, encoding: 'utf8' });
}

/** Lints the subjects of base..HEAD in `cwd` with the project's commitlint config. */
export function checkCommits(cwd: string, base: string = RULE_BASE): CommitCheck {
  const inHistory = git(cwd, ['merge-base', '--is-ancestor', base, 'HEAD']);
  if (inHistory.status !== 0) {
    return { ok: true, report: `commit subjects: ${base} is not in this clone's history (shallow?), nothing to check` };
  }
  const cli = require.resolve('@commitlint/cli/cli.js', { paths: [root] });
  const config = path.join(root, 'commitlint.config.mjs');
  const lint = spawnSync(process.execPath, [cli, '--config', config, '--cwd', cwd, '--from', base, '--to', 'HEAD'], {
    cwd,
    encoding: 'utf8',
  });
  const count = git(cwd, ['rev-list', '--count', `${base}..HEAD`]).stdout.trim();
  const output = `${lint.stdout}${lint.stderr}`.trim();
  if (lint.status !== 0) return { ok: false, report: `commit subjects after ${base}:\n${output}` };
  return { ok: true, report: `commit subjects: the ${count} commit(s) after ${base} keep the rule (CONTRIBUTING.md)` };
}

if (require.main === module) {
  const result = checkCommits(root);
  console.log(result.report);
  if (!result.ok) process.exit(1);
}
