/**
 * The first step of `npm test`: the project runs on the Node it brings (the `node` package, first on
 * the PATH of npm scripts), `npm install` would leave package-lock.json as committed, and every
 * dependency install script has been reviewed in package.json's allowScripts.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const MIN_NODE_MAJOR = 24;
const problems: string[] = [];

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function checkNode(): void {
  const major = Number(process.versions.node.split('.')[0]);
  console.log(`Node ${process.version} (${process.execPath})`);
  if (major < MIN_NODE_MAJOR) {
    problems.push(
      `Node ${process.version} runs the scripts, not the project's Node ${MIN_NODE_MAJOR}: run \`npm install\` (it brings node_modules/.bin/node) and start the scripts with npm.`,
    );
  }
}

/** The same test the lock gets on a fresh clone: a lock-only install from package.json and the lock. */
function checkLock(): void {
  const scratch = mkdtempSync(path.join(tmpdir(), 'promo-lock-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
      if (existsSync(path.join(root, file))) copyFileSync(path.join(root, file), path.join(scratch, file));
    }
    npm(['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], scratch);
    const committed = readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    const rewritten = readFileSync(path.join(scratch, 'package-lock.json'), 'utf8');
    if (committed !== rewritten) {
      const before = new Set(committed.split('\n'));
      const added = rewritten.split('\n').filter((line) => !before.has(line)).length;
      problems.push(
        `package-lock.json is incomplete: \`npm install\` would rewrite it (${added} lines added). Run \`npm install\` and commit package-lock.json.`,
      );
    } else {
      console.log('package-lock.json: complete (a fresh `npm install` leaves it as committed)');
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function checkInstallScripts(): void {
  const listed = npm(['install-scripts', 'ls'], root).trim();
  if (/^No packages/i.test(listed)) console.log('install scripts: every one reviewed in allowScripts');
  else problems.push(`install scripts not reviewed in package.json's allowScripts (see the README's dependency notes):\n${listed}`);
}

checkNode();
checkLock();
checkInstallScripts();
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
