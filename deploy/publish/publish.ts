/**
 * Publishing a build to the host as a release, a preview, a rollback, and the history (docs/deploy.md,
 * "Publishing and rollback"). The host's layout under its root:
 *
 *   releases/<id>/public/      the build, unchanged files hard links to the live release's, plus the
 *                              old-tab files of the kept earlier releases (hard links)
 *   releases/<id>/nginx/       its own promo.http.conf and promo.server.conf (its paths, its maps)
 *   releases/<id>/release.json its manifest; written once the release passed its check
 *   live -> releases/<id>      the one switch: nginx.conf includes live/nginx/*.conf; replaced by rename
 *   previews/<name>.conf       a preview's maps and server {} (deploy/promo.preview.conf); replaced by rename
 *   previews/<name>/<id>/      the preview's files, as a release's
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkRelease } from './check';
import { readBuild, type BuildFiles } from './build-files';
import { historyLines } from './history';
import { hostOf, quote, type Host } from './host';
import { withHostLock } from './lock';
import { MANIFEST, OLD_TAB_FILES, parseManifest, type Manifest } from './manifest';
import { renderInclude, renderPreviewExperiments, renderPreviewServer, variablePrefix, type PreviewNames } from './nginx-config';
import { releaseId } from './release-id';
import { previousOf, releasesToRemove } from './retention';

const DEPLOY = path.resolve(__dirname, '..');
const template = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');

export interface HostOptions {
  /** A local folder or user@host:/path. */
  to: string;
  /** Run on the host: checks the whole nginx config, then reloads it gracefully. */
  nginxTest: string;
  reload: string;
  /** The remote shell rsync and the host's steps use for a user@host root. */
  rsh: string;
  log: (line: string) => void;
}

export interface PublishOptions extends HostOptions {
  from: string;
  keep: number;
  commit: string;
  /** The nginx binary the check runs here. */
  nginx: string;
  now?: Date;
}

export interface PreviewOptions extends PublishOptions {
  name: string;
  host: string;
  listen: string;
}

export interface Transfer {
  files: number;
  bytes: number;
}

export interface Published {
  id: string;
  transfer: Transfer;
  /** Files of earlier releases now also answered from this one, for tabs opened on them. */
  carried: number;
}

interface State {
  live: string | undefined;
  manifests: Manifest[];
  /** Release folders without a manifest: a publish that stopped or failed its check. */
  partial: string[];
}

function readState(host: Host, dir = 'releases', pointer = 'readlink live'): State {
  const out = host.sh(`
live=$(${pointer} 2>/dev/null || true)
echo "live \${live##*/}"
mkdir -p ${dir}
for d in ${dir}/*/; do
  [ -d "$d" ] || continue
  if [ -f "\${d}${MANIFEST}" ]; then printf 'release '; tr -d '\\n' < "\${d}${MANIFEST}"; echo; else echo "partial $(basename "$d")"; fi
done`);
  const state: State = { live: undefined, manifests: [], partial: [] };
  for (const line of out.split('\n')) {
    const [kind, ...rest] = line.split(' ');
    const value = rest.join(' ').trim();
    if (kind === 'live' && value) state.live = value;
    if (kind === 'partial') state.partial.push(value);
    const manifest = kind === 'release' ? parseManifest(value) : undefined;
    if (manifest) state.manifests.push(manifest);
  }
  return state;
}

function stagingDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'promo-publish-'));
}

/** rsync --stats: the files and bytes that travelled (hard-linked files do not). */
export function transferOf(stats: string): Transfer {
  const number = (label: string) => Number((new RegExp(`${label}: ([\\d,]+)`).exec(stats)?.[1] ?? '0').replace(/,/g, ''));
  return { files: number('Number of regular files transferred'), bytes: number('Total transferred file size') };
}

/** The build into `dir`/public on the host; only files that differ from `linkDest`'s travel, the rest become hard links. */
function sendBuild(host: Host, from: string, dir: string, linkDest: string | undefined): Transfer {
  host.sh(`mkdir -p ${quote(dir)}`);
  // --checksum: a fresh build's files all have new times, so only their content can say what changed. No
  // times or permissions kept, so an identical file matches the live one and becomes a link to it.
  const args = ['-rlc', '--delete', '--stats'];
  if (linkDest) args.push(`--link-dest=${host.root}/${linkDest}`);
  return transferOf(host.rsync([...args, `${path.resolve(from)}/`, host.hostPath(`${host.root}/${dir}/public/`)]));
}

/** Hard links, in `dir`/public, to the old-tab files of `earlier` releases it lacks; how many were added. */
export function carryOldTabFiles(host: Host, dir: string, earlier: readonly string[]): number {
  if (!earlier.length) return 0;
  const out = host.sh(`
new=$(pwd)/${dir}/public
for old in ${earlier.map((folder) => quote(folder)).join(' ')}; do
  [ -f "$old/${OLD_TAB_FILES}" ] || continue
  (cd "$old/public" && while IFS= read -r f; do
    [ -e "$f" ] && [ ! -e "$new/$f" ] || continue
    mkdir -p "$new/$(dirname "$f")" && ln "$f" "$new/$f" && echo linked
  done < "../${OLD_TAB_FILES}")
done`);
  return out.split('\n').filter((line) => line === 'linked').length;
}

/** Writes files (name → text) into `dir` on the host. */
function sendFiles(host: Host, dir: string, files: Record<string, string>): void {
  const staging = stagingDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
      fs.writeFileSync(path.join(staging, name), text);
    }
    host.sh(`mkdir -p ${quote(dir)}`);
    host.rsync(['-rl', `${staging}/`, host.hostPath(`${host.root}/${dir}/`)]);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The check, on the release's files where they lie here, or on the build for a remote root. */
async function check(host: Host, options: PublishOptions, dir: string, build: BuildFiles): Promise<void> {
  const publicDir = host.remote ? path.resolve(options.from) : `${host.root}/${dir}/public`;
  const staging = stagingDir();
  try {
    const paths = { publicDir, nginxDir: staging };
    fs.writeFileSync(path.join(staging, 'promo.http.conf'), renderInclude(template('promo.http.conf'), paths));
    fs.writeFileSync(path.join(staging, 'promo.server.conf'), renderInclude(template('promo.server.conf'), paths));
    const problems = await checkRelease({
      httpConf: path.join(staging, 'promo.http.conf'),
      serverConf: path.join(staging, 'promo.server.conf'),
      publicDir,
      landings: build.landings,
      nginx: options.nginx,
    });
    if (problems.length) throw new Error(`the release failed its check:\n  ${problems.join('\n  ')}`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** nginx -t, then the graceful reload; on a failure the pointer is put back (`undo`) and the error thrown. */
function testAndReload(host: Host, options: HostOptions, undo: () => void): void {
  for (const [step, command] of [
    ['the config test', options.nginxTest],
    ['the reload', options.reload],
  ]) {
    try {
      host.sh(command);
    } catch (error) {
      undo();
      throw new Error(`${step} (${command}) failed, the live release is unchanged: ${(error as Error).message}`);
    }
  }
}

/** The live pointer to `id` (or away, for undefined) by one rename. */
function pointLive(host: Host, id: string | undefined): void {
  host.sh(id === undefined ? 'rm -f live' : `rm -f .live.new && ln -s ${quote(`releases/${id}`)} .live.new && mv -T -f .live.new live`);
}

function manifestOf(id: string, options: PublishOptions, build: BuildFiles): Manifest {
  return {
    id,
    commit: options.commit,
    time: (options.now ?? new Date()).toISOString(),
    files: build.files.length,
    landings: build.landings,
  };
}

export async function publish(options: PublishOptions): Promise<Published> {
  const host = hostOf(options.to, options.rsh);
  return withHostLock(host, `publish of ${options.commit}`, () => publishHolding(host, options));
}

async function publishHolding(host: Host, options: PublishOptions): Promise<Published> {
  const build = readBuild(options.from);
  const state = readState(host);
  const ids = state.manifests.map((manifest) => manifest.id);
  const id = releaseId(options.now ?? new Date(), options.commit, [...ids, ...state.partial]);
  const dir = `releases/${id}`;
  options.log(`release ${id}: ${build.files.length} files, ${Object.keys(build.landings).length} landings, to ${options.to}`);
  const transfer = sendBuild(host, options.from, dir, state.live && `releases/${state.live}/public`);
  options.log(`sent ${transfer.files} files (${transfer.bytes} bytes); the rest are links to the live release's`);
  const paths = { publicDir: `${host.root}/${dir}/public`, nginxDir: `${host.root}/${dir}/nginx` };
  sendFiles(host, dir, {
    'nginx/promo.http.conf': renderInclude(template('promo.http.conf'), paths),
    'nginx/promo.server.conf': renderInclude(template('promo.server.conf'), paths),
    [OLD_TAB_FILES]: `${build.oldTabFiles.join('\n')}\n`,
  });
  const kept = new Set(
    [...ids, id].filter((other) => !releasesToRemove([...ids, id], id, options.keep, state.live ? [state.live] : []).includes(other)),
  );
  const carried = carryOldTabFiles(
    host,
    dir,
    ids.filter((other) => other !== id && kept.has(other)).map((other) => `releases/${other}`),
  );
  options.log(`kept ${carried} files of earlier releases answerable for their open tabs`);
  try {
    await check(host, options, dir, build);
  } catch (error) {
    host.sh(`rm -rf ${quote(dir)}`);
    throw error;
  }
  options.log('checked: sample landings of each brand, their policy and scripts, a redirect');
  sendFiles(host, dir, { [MANIFEST]: JSON.stringify(manifestOf(id, options, build)) });
  pointLive(host, id);
  testAndReload(host, options, () => pointLive(host, state.live));
  options.log(`live: ${id} (was ${state.live ?? 'none'})`);
  const gone = [
    ...releasesToRemove([...ids, id], id, options.keep, state.live ? [state.live] : []),
    ...state.partial.filter((other) => other !== id),
  ];
  if (gone.length) {
    host.sh(gone.map((other) => `rm -rf ${quote(`releases/${other}`)}`).join('\n'));
    options.log(`removed ${gone.join(', ')}`);
  }
  return { id, transfer, carried };
}

export async function rollback(options: HostOptions): Promise<{ id: string; from: string }> {
  const host = hostOf(options.to, options.rsh);
  return withHostLock(host, 'rollback', () => rollbackHolding(host, options));
}

function rollbackHolding(host: Host, options: HostOptions): { id: string; from: string } {
  const state = readState(host);
  const ids = state.manifests.map((manifest) => manifest.id);
  const target = previousOf(ids, state.live);
  if (!state.live || !target) throw new Error(`no release before the live one (${state.live ?? 'none'}) at ${options.to}`);
  // A tab opened on the release being left asks for its own chunks: the release made live answers them too.
  carryOldTabFiles(host, `releases/${target}`, [`releases/${state.live}`]);
  pointLive(host, target);
  testAndReload(host, options, () => pointLive(host, state.live));
  options.log(`live: ${target} (was ${state.live})`);
  return { id: target, from: state.live };
}

export function history(options: Pick<HostOptions, 'to' | 'rsh'>): string[] {
  const host = hostOf(options.to, options.rsh);
  const state = readState(host);
  return historyLines(state.manifests, state.live);
}

/** A preview's name is a host name's first label: lower-case letters, digits and hyphens. */
export function isPreviewName(name: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name);
}

export async function publishPreview(options: PreviewOptions): Promise<Published & { url: string }> {
  if (!isPreviewName(options.name)) throw new Error(`a preview's name is a host name label (a-z, 0-9, -): ${options.name}`);
  const host = hostOf(options.to, options.rsh);
  return withHostLock(host, `preview ${options.name} of ${options.commit}`, () => previewHolding(host, options));
}

async function previewHolding(host: Host, options: PreviewOptions): Promise<Published & { url: string }> {
  const build = readBuild(options.from);
  const live = readState(host).live;
  const conf = `previews/${options.name}.conf`;
  const previewDir = `previews/${options.name}`;
  const earlier = readState(host, previewDir, `sed -n 's/^# release //p' ${quote(conf)}`);
  const ids = earlier.manifests.map((manifest) => manifest.id);
  const id = releaseId(options.now ?? new Date(), options.commit, [...ids, ...earlier.partial]);
  const dir = `${previewDir}/${id}`;
  options.log(`preview ${options.name} ${id}: ${build.files.length} files, to ${options.to}`);
  const transfer = sendBuild(host, options.from, dir, live && `releases/${live}/public`);
  options.log(`sent ${transfer.files} files (${transfer.bytes} bytes); the rest are links to the live release's`);
  const paths = { publicDir: `${host.root}/${dir}/public`, nginxDir: `${host.root}/${dir}/nginx` };
  const names: PreviewNames = { prefix: variablePrefix(options.name), host: options.host, listen: options.listen };
  const experiments = path.join(options.from, '_experiments.nginx.conf');
  sendFiles(host, dir, {
    'nginx/promo.http.conf': renderInclude(template('promo.http.conf'), paths, names),
    'nginx/promo.server.conf': renderInclude(template('promo.server.conf'), paths, names),
    'nginx/_experiments.nginx.conf': renderPreviewExperiments(
      fs.existsSync(experiments) ? fs.readFileSync(experiments, 'utf8') : '',
      names,
    ),
    [OLD_TAB_FILES]: `${build.oldTabFiles.join('\n')}\n`,
  });
  const carried = earlier.live ? carryOldTabFiles(host, dir, [`${previewDir}/${earlier.live}`]) : 0;
  try {
    await check(host, options, dir, build);
  } catch (error) {
    host.sh(`rm -rf ${quote(dir)}`);
    throw error;
  }
  sendFiles(host, dir, {
    [MANIFEST]: JSON.stringify(manifestOf(id, options, build)),
    'nginx/preview.conf': `# release ${id}\n${renderPreviewServer(template('promo.preview.conf'), paths, names)}`,
  });
  const previous = `previews/.${options.name}.conf.previous`;
  host.sh(`rm -f ${quote(previous)}; [ ! -f ${quote(conf)} ] || cp -p ${quote(conf)} ${quote(previous)}
cp ${quote(`${dir}/nginx/preview.conf`)} ${quote(`${conf}.new`)} && mv -f ${quote(`${conf}.new`)} ${quote(conf)}`);
  testAndReload(host, options, () =>
    host.sh(`if [ -f ${quote(previous)} ]; then mv -f ${quote(previous)} ${quote(conf)}; else rm -f ${quote(conf)}; fi`),
  );
  // The preview before this one stays for the workers of the last reload; older ones go.
  const gone = [
    ...releasesToRemove([...ids, id], id, 1, earlier.live ? [earlier.live] : []),
    ...earlier.partial.filter((other) => other !== id),
  ];
  if (gone.length) host.sh(gone.map((other) => `rm -rf ${quote(`${previewDir}/${other}`)}`).join('\n'));
  const url = `https://${options.host}/promo/`;
  options.log(`preview ${options.name}: ${id}`);
  return { id, transfer, carried, url };
}

/** Takes a preview away: its server {} out of nginx (the same test and reload), then its files. */
export async function removePreview(options: HostOptions & { name: string }): Promise<void> {
  if (!isPreviewName(options.name)) throw new Error(`a preview's name is a host name label (a-z, 0-9, -): ${options.name}`);
  const host = hostOf(options.to, options.rsh);
  await withHostLock(host, `removal of preview ${options.name}`, () => removePreviewHolding(host, options));
}

function removePreviewHolding(host: Host, options: HostOptions & { name: string }): void {
  const conf = quote(`previews/${options.name}.conf`);
  const aside = quote(`previews/.${options.name}.conf.removed`);
  host.sh(`[ ! -f ${conf} ] || mv -f ${conf} ${aside}`);
  testAndReload(host, options, () => host.sh(`[ ! -f ${aside} ] || mv -f ${aside} ${conf}`));
  host.sh(`rm -rf ${aside} ${quote(`previews/${options.name}`)}`);
  options.log(`preview ${options.name} removed`);
}
