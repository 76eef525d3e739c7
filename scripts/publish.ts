/**
 * `npm run publish`: a build onto the host as a release, checked, then live by one atomic switch; a
 * preview; a rollback; the history. The work is in deploy/publish/; this reads the arguments, prints
 * progress, and puts the result on the last line of stdout (`live <id>`, a preview's URL, the history).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { history, publish, publishPreview, removePreview, rollback } from '../deploy/publish/publish';
import { nginxBinary } from '../deploy/publish/scratch-nginx';
import { parsePublishArguments, USAGE } from './publish-options';

const ROOT = path.resolve(__dirname, '..');

function headCommit(): string {
  try {
    return execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parsePublishArguments(argv);
  if ('error' in parsed) {
    console.error(`publish: ${parsed.error}\n${USAGE}`);
    return 2;
  }
  const log = (line: string) => console.log(line);
  const hostOptions = { to: parsed.to, nginxTest: parsed.nginxTest, reload: parsed.reload, rsh: parsed.rsh, log };
  try {
    if (parsed.mode === 'list') {
      for (const line of history(hostOptions)) console.log(line);
      return 0;
    }
    if (parsed.mode === 'rollback') {
      const { id } = await rollback(hostOptions);
      console.log(`live ${id}`);
      return 0;
    }
    if (parsed.mode === 'remove-preview') {
      await removePreview({ ...hostOptions, name: parsed.preview! });
      return 0;
    }
    const options = {
      ...hostOptions,
      from: path.resolve(parsed.from),
      keep: parsed.keep,
      commit: parsed.commit ?? process.env.PUBLISH_COMMIT ?? headCommit(),
      nginx: nginxBinary(parsed.nginx),
    };
    if (parsed.mode === 'preview') {
      const { url } = await publishPreview({ ...options, name: parsed.preview!, host: parsed.previewHost, listen: parsed.previewListen });
      console.log(url);
      return 0;
    }
    const { id } = await publish(options);
    console.log(`live ${id}`);
    return 0;
  } catch (error) {
    console.error(`publish: ${(error as Error).message}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
