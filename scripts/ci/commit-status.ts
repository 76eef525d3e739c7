/**
 * The commit status that carries a preview's address to the merge request and to the editor: Decap's
 * editorial workflow shows "View preview" for the status of the branch's head commit whose context is the
 * backend's `preview_context` (server/admin/collections.ts), read from GitHub's combined status and from
 * GitLab's commit statuses of that branch.
 */
import type { CiRun } from './environment';

/** What the git host is asked, without the token: the tests read it back from their fake host. */
export function statusRequest(
  run: CiRun,
  context: string,
  targetUrl: string,
): { url: string; headers: Record<string, string>; body: object } {
  const { status } = run;
  const description = 'The preview of this branch';
  if (status.host === 'github') {
    return {
      url: `${status.apiRoot}/repos/${status.project}/statuses/${run.sha}`,
      headers: { authorization: `Bearer ${status.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      body: { state: 'success', context, target_url: targetUrl, description },
    };
  }
  return {
    url: `${status.apiRoot}/projects/${encodeURIComponent(status.project)}/statuses/${run.sha}`,
    headers: { 'private-token': status.token },
    // The ref ties the status to the branch: GitLab lists a commit's statuses per ref, and Decap asks for its branch's.
    body: { state: 'success', name: context, ref: run.branch, target_url: targetUrl, description },
  };
}

export async function postPreviewStatus(run: CiRun, context: string, targetUrl: string): Promise<void> {
  const request = statusRequest(run, context, targetUrl);
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  if (!response.ok) {
    throw new Error(`${run.status.host} refused the preview's status (${response.status}): ${(await response.text()).slice(0, 500)}`);
  }
}
