/**
 * The CI files (docs/deploy.md, "The pipeline") are valid for their hosts and hold no logic of their own.
 * GitHub Actions workflows are checked by action-validator, a maintained validator of their syntax;
 * .gitlab-ci.yml by GitLab's own CI schema, vendored beside this test as gitlab-ci.schema.json: GitLab's
 * https://gitlab.com/gitlab-org/gitlab/-/raw/master/app/assets/javascripts/editor/schema/ci.json (MIT), as
 * the npm package gitlab-ci-local 4.75.1 ships it (docs/dependencies.md, "GitLab's CI schema").
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../../..');
const workflowsDir = path.join(root, '.github', 'workflows');
const workflows = fs.readdirSync(workflowsDir).filter((file) => /\.ya?ml$/.test(file));
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

type Workflow = { on: Record<string, unknown>; jobs: Record<string, { if?: string; steps: Array<{ run?: string; uses?: string }> }> };
type GitlabJob = { script?: string[]; before_script?: string[]; after_script?: string[]; rules?: Array<{ if?: string }> };

const readYaml = <T>(file: string): T => parse(fs.readFileSync(file, 'utf8')) as T;
const gitlab = readYaml<Record<string, unknown>>(path.join(root, '.gitlab-ci.yml'));
const gitlabJobs = Object.entries(gitlab).filter(
  ([name, value]) =>
    !['workflow', 'default', 'variables', 'stages', 'include'].includes(name) && !name.startsWith('.') && typeof value === 'object',
) as Array<[string, GitlabJob]>;

function actionValidator(file: string): { status: number | null; output: string } {
  const run = spawnSync(path.join(root, 'node_modules', '.bin', 'action-validator'), [file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const validateGitlab = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(
  JSON.parse(fs.readFileSync(path.join(__dirname, 'gitlab-ci.schema.json'), 'utf8')) as object,
);

describe('GitHub Actions', () => {
  test.each(workflows)('%s passes action-validator', (file) => {
    expect(actionValidator(path.join(workflowsDir, file))).toEqual({ status: 0, output: '' });
  });

  test('action-validator refuses a workflow with a misspelt event', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-workflow-'));
    try {
      const broken = path.join(dir, 'broken.yml');
      fs.writeFileSync(
        broken,
        fs.readFileSync(path.join(workflowsDir, workflows[0]), 'utf8').replace(/^ {2}pull_request:/m, '  pull_requests:'),
      );
      expect(actionValidator(broken).status).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GitLab CI', () => {
  test(".gitlab-ci.yml passes GitLab's CI schema", () => {
    validateGitlab(gitlab);
    expect(validateGitlab.errors ?? []).toEqual([]);
  });

  test('the schema refuses a job with a misspelt key', () => {
    expect(validateGitlab({ ...gitlab, broken: { scripts: ['npm ci'] } })).toBe(false);
  });
});

/** Every command of both files, with where it stands. */
const commands: Array<[string, string]> = [
  ...workflows.flatMap((file) =>
    Object.entries(readYaml<Workflow>(path.join(workflowsDir, file)).jobs).flatMap(([job, { steps }]) =>
      steps.filter((step) => step.run !== undefined).map((step): [string, string] => [`${file} ${job}`, step.run!.trim()]),
    ),
  ),
  ...gitlabJobs.flatMap(([job, spec]) =>
    [...(spec.before_script ?? []), ...(spec.script ?? []), ...(spec.after_script ?? [])].map((line): [string, string] => [
      `.gitlab-ci.yml ${job}`,
      line,
    ]),
  ),
];

test('each CI step is `npm ci` or `npm run` of a script package.json has', () => {
  expect(commands.length).toBeGreaterThan(0);
  const isStep = (command: string) => {
    const script = /^npm run ([\w:-]+)$/.exec(command)?.[1];
    return command === 'npm ci' || (script !== undefined && script in scripts);
  };
  expect(commands.filter(([, command]) => !isStep(command))).toEqual([]);
  expect(isStep('npm run no-such-script')).toBe(false);
  expect(isStep('npm run build && rsync public/ host:')).toBe(false);
});

/** The npm scripts each host runs on an event, in order. */
function githubSteps(event: string): string[] {
  const { jobs } = readYaml<Workflow>(path.join(workflowsDir, 'pipeline.yml'));
  return Object.values(jobs)
    .filter((job) => job.if?.includes(`'${event}'`))
    .flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run.trim()] : [])));
}
function gitlabSteps(source: string): string[] {
  return gitlabJobs
    .filter(([, job]) => job.rules?.some((rule) => rule.if?.includes(`== "${source}"`)))
    .flatMap(([, job]) => job.script ?? []);
}

test('a merge request is tested and previewed; main and the nightly run build and publish', () => {
  const review = ['npm ci', 'npm run test', 'npm run ci:preview'];
  expect(githubSteps('pull_request')).toEqual(review);
  expect(gitlabSteps('merge_request_event')).toEqual(review);
  expect(githubSteps('push')).toEqual(['npm ci', 'npm run ci:build', 'npm run ci:publish']);
  expect(githubSteps('schedule')).toEqual(['npm ci', 'npm run ci:nightly']);
  expect(gitlabSteps('schedule')).toEqual(['npm ci', 'npm run ci:nightly']);
  expect(scripts['ci:nightly']).toBe('npm run ci:build && npm run ci:publish');
});

test("the nightly schedule runs in the first minutes of Moscow's day", () => {
  const { schedule } = readYaml<Workflow>(path.join(workflowsDir, 'pipeline.yml')).on as { schedule: Array<{ cron: string }> };
  expect(schedule).toHaveLength(1);
  const [minute, hour, ...rest] = schedule[0].cron.split(' ');
  expect(rest).toEqual(['*', '*', '*']);
  // GitHub reads cron in UTC; Intl says what time that is in Moscow.
  const at = new Date(Date.UTC(2026, 11, 7, Number(hour), Number(minute)));
  const moscow = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Moscow',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  expect(moscow).toMatch(/^00:(0[1-9]|1\d)$/);
});
