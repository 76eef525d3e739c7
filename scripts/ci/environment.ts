/**
 * What a CI step needs to know about the run it is in, read from the variables each git host sets: the
 * branch and commit of the merge (pull) request, and where to post the commit status the editor reads its
 * "view preview" link from. Both hosts are the ones the editor's production mode works on
 * (scripts/editor-export.ts).
 */
import fs from 'node:fs';

export interface StatusApi {
  host: 'github' | 'gitlab';
  /** The API's root: GitHub's https://api.github.com, GitLab's https://gitlab.example/api/v4. */
  apiRoot: string;
  /** GitHub's owner/name or GitLab's numeric project id. */
  project: string;
  token: string;
}

export interface CiRun {
  /** The merge request's source branch (the editor's `cms/…` branch for a marketer's save). */
  branch: string;
  /** The commit at the branch's head: the one whose statuses the editor reads. */
  sha: string;
  status: StatusApi;
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set: the CI step needs it (docs/deploy.md, "The pipeline")`);
  return value;
}

interface PullRequestEvent {
  pull_request?: { head?: { ref?: string; sha?: string } };
}

/**
 * A pull request's run on GitHub checks out a merge commit (GITHUB_SHA), but the editor reads the
 * statuses of the branch's head, which only the event's payload names.
 */
function githubRun(env: Env): CiRun {
  const event = JSON.parse(fs.readFileSync(required(env, 'GITHUB_EVENT_PATH'), 'utf8')) as PullRequestEvent;
  const head = event.pull_request?.head;
  if (!head?.ref || !head.sha) throw new Error('the GitHub event is not a pull request: a preview is made for a pull request only');
  return {
    branch: head.ref,
    sha: head.sha,
    status: {
      host: 'github',
      apiRoot: required(env, 'GITHUB_API_URL'),
      project: required(env, 'GITHUB_REPOSITORY'),
      token: required(env, 'STATUS_TOKEN'),
    },
  };
}

/** In a merged-results pipeline CI_COMMIT_SHA is the merge; the source branch's head is named apart. */
function gitlabRun(env: Env): CiRun {
  const branch = env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME;
  if (!branch) throw new Error('the GitLab pipeline is not a merge request pipeline: a preview is made for a merge request only');
  return {
    branch,
    sha: env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA || required(env, 'CI_COMMIT_SHA'),
    status: {
      host: 'gitlab',
      apiRoot: required(env, 'CI_API_V4_URL'),
      project: required(env, 'CI_PROJECT_ID'),
      token: required(env, 'STATUS_TOKEN'),
    },
  };
}

export function readCiRun(env: Env): CiRun {
  if (env.GITHUB_ACTIONS === 'true') return githubRun(env);
  if (env.GITLAB_CI === 'true') return gitlabRun(env);
  throw new Error('neither GitHub Actions (GITHUB_ACTIONS) nor GitLab CI (GITLAB_CI): run this step in a merge request pipeline');
}
