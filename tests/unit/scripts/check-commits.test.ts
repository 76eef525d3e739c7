import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkCommits } from '../../../scripts/check-commits';

/** The commit rule (commitlint.config.mjs) through scripts/check-commits.ts, on throwaway repositories, never this one's history. */
const root = path.resolve(__dirname, '../../..');
const cli = require.resolve('@commitlint/cli/cli.js', { paths: [root] });
const author = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};
const repos: string[] = [];

jest.setTimeout(30_000);
afterAll(() => repos.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function git(cwd: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...author } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function repoWith(messages: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'promo-commits-'));
  repos.push(dir);
  git(dir, ['init', '-q']);
  for (const message of messages) git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return dir;
}

function lintMessage(message: string): boolean {
  return (
    spawnSync(process.execPath, [cli, '--config', path.join(root, 'commitlint.config.mjs')], { input: message, encoding: 'utf8' })
      .status === 0
  );
}

const OLD_SUBJECT = 'Review mend: a subject written before the rule, far longer than seventy-two characters, stays as it is';
const subjectOf = (length: number) => 'Add ' + 'x'.repeat(length - 4);

test('after the base commit, a subject of 72 characters keeps the rule; the older, longer one is not judged', () => {
  const dir = repoWith([OLD_SUBJECT]);
  const base = git(dir, ['rev-parse', '--short', 'HEAD']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', subjectOf(72)]);
  expect(checkCommits(dir, base).ok).toBe(true);
});

test('a subject of 73 characters after the base fails the check and is named', () => {
  const dir = repoWith([OLD_SUBJECT, subjectOf(72)]);
  const base = git(dir, ['rev-list', '--max-parents=0', 'HEAD']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', subjectOf(73)]);
  const result = checkCommits(dir, base);
  expect(result.ok).toBe(false);
  expect(result.report).toContain(subjectOf(73));
  expect(result.report).toContain('header-max-length');
});

test('a clone that lacks the base commit (a shallow one) passes and says why', () => {
  const dir = repoWith([subjectOf(73)]);
  const result = checkCommits(dir, '81d137f');
  expect(result.ok).toBe(true);
  expect(result.report).toMatch(/not in this clone's history/);
});

test.each([
  [
    'accepts an imperative sentence, figures and reasoning in the body',
    'Lift the preloader after the first frame\n\nTBT 161 → 62 ms over eight rounds.',
    true,
  ],
  ['refuses a subject that ends with a full stop', 'Lift the preloader after the first frame.', false],
  ['refuses a subject that starts in lower case', 'lift the preloader after the first frame', false],
  ['refuses a body without the blank line after the subject', 'Lift the preloader\nTBT 161 → 62 ms.', false],
])('commitlint.config.mjs %s', (_case, message, accepted) => {
  expect(lintMessage(message)).toBe(accepted);
});
