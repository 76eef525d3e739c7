/**
 * `npm run ci:preview`, in a merge (pull) request's pipeline: the built public/ published as the branch's
 * preview at its own address, and that address handed to the merge request and to the editor: a commit
 * status on the branch's head (the context the editor's config names), preview.env for GitLab's
 * environment (its "View app" link), and the job's summary on GitHub.
 */
import fs from 'node:fs';
import { DEPLOY_PREVIEW_CONTEXT } from '../../server/admin/collections';
import { postPreviewStatus } from './commit-status';
import { readCiRun } from './environment';
import { previewName } from './preview-name';
import { runPublish } from './run-publish';

async function main(): Promise<void> {
  const run = readCiRun(process.env);
  const name = previewName(run.branch);
  const host = [
    ...(process.env.PREVIEW_DOMAIN ? ['--preview-host', `{name}.${process.env.PREVIEW_DOMAIN}`] : []),
    ...(process.env.PREVIEW_LISTEN ? ['--preview-listen', process.env.PREVIEW_LISTEN] : []),
  ];
  // A GitHub pull request's checkout is a merge commit: the release names the branch's head instead.
  const url = await runPublish(['--preview', name, ...host, '--commit', run.sha]);
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error(`npm run publish --preview ended with "${url}", not the preview's address`);
  await postPreviewStatus(run, DEPLOY_PREVIEW_CONTEXT, url);
  fs.writeFileSync('preview.env', `PREVIEW_URL=${url}\n`);
  if (process.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, `Preview of \`${run.branch}\`: ${url}\n`);
  console.log(`ci:preview: ${run.branch} at ${url}, posted to ${run.status.host} as "${DEPLOY_PREVIEW_CONTEXT}" on ${run.sha}`);
}

main().catch((error: unknown) => {
  console.error(`ci:preview: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
