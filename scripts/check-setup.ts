/**
 * The first step of `npm test`: the project runs on the Node it brings (the `node` package, first on
 * the PATH of npm scripts), `npm install` would leave package-lock.json as committed, and every
 * dependency install script has been reviewed in package.json's allowScripts.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';

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

/**
 * `npm install` runs on the machine's Node (the least the README names) and warns, package by package,
 * about every locked package whose `engines` refuses it; the scripts then run on the project's Node.
 */
function checkEngines(): void {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };
  const installNode = semver.minVersion(manifest.engines.node)?.version;
  const projectNode = lock.packages['node_modules/node']?.version;
  const refused: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!where || !wanted) continue;
    for (const node of [installNode, projectNode]) {
      if (node && !semver.satisfies(node, wanted))
        refused.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${wanted}, not ${node}`);
    }
  }
  if (refused.length > 0) problems.push(`npm install would warn (EBADENGINE):\n  ${refused.join('\n  ')}`);
  else console.log(`engines: every locked package accepts Node ${installNode} (install) and ${projectNode} (scripts)`);
}

function checkInstallScripts(): void {
  const listed = npm(['install-scripts', 'ls'], root).trim();
  if (/^No packages/i.test(listed)) console.log('install scripts: every one reviewed in allowScripts');
  else problems.push(`install scripts not reviewed in package.json's allowScripts (see docs/dependencies.md):\n${listed}`);
}

checkNode();
checkLock();
checkEngines();
checkInstallScripts();
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
