/**
 * The editor's one way to the files: Decap's local-backend API at /__admin/api/v1, passed on to
 * decap-server by the stand-in, which holds back every write the build would refuse. Saves, uploads
 * and deletions in the media library all come through here, so none of them can break the tables,
 * whichever of Decap's paths made it; one write at a time, so two tabs cannot interleave.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LEDGER_FILE } from '../../tables/experiment-ledger';
import { creativeImageProblem } from '../../tables/creative-files';
import { landingCreative } from '../../tables/hero-creatives';
import { checkSite } from '../../tables/load';
import { entryName } from '../../src/domain/landings';
import { checkWrites, insideData, ledgerAfter, staleProblem, type CheckAnswer, type FileWrite } from './check';
import { ADMIN_PATH } from './page';

export const BACKEND_PATH = `${ADMIN_PATH}api/v1`;

interface DataFile {
  slug?: string;
  path: string;
  raw: string;
  newPath?: string;
}

interface Asset {
  path: string;
  content: string;
  encoding: BufferEncoding;
}

/** What Decap's proxy backend sends; `base` is the editor's own (admin.js): each file's hash as its tab read it. */
export interface BackendRequest {
  action: string;
  params?: {
    dataFiles?: DataFile[];
    assets?: Asset[];
    asset?: Asset;
    path?: string;
    paths?: string[];
    base?: Record<string, string | null>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface BackendProxyOptions {
  repoDir: string;
  /** decap-server's API address, or null when it did not start. */
  localBackend: string | null;
  /** Why there is no backend, said to the editor. */
  backendProblem?: string | null;
  now: () => number;
  /** Called after each write the backend took: the site rebuilds from the server's side of the save. */
  onWritten?: () => void;
}

/** The creatives a table file names ("creative" anywhere in it), as paths in the repository. */
function namedCreatives(raw: string): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'creative' && typeof inner === 'string') names.add(`data/creatives/${inner}`);
        else visit(inner);
      }
    }
  };
  try {
    visit(JSON.parse(raw));
  } catch {
    // Not JSON: the check says so.
  }
  return names;
}

const SHOWN_LANDINGS = 6;

/** The landings whose hero (or a variant's) is the creative at `file`, by name: what a deletion would take from. */
function landingsUsing(dataDir: string, file: string, now: number): string[] {
  const name = insideData(file)?.replace(/^creatives\//, '');
  const { tables, landings } = checkSite(dataDir, now);
  if (!tables || !name) return [];
  return landings
    .filter((landing) => {
      const choice = landingCreative(landing, tables);
      const own = choice.source !== 'default' && choice.file === name;
      const experiment = landing.row.experiment ?? tables.slugs[landing.slug]?.experiment;
      return own || Boolean(experiment?.variants.some((variant) => variant.creative === name));
    })
    .map(entryName);
}

function usedBy(dataDir: string, paths: readonly string[], now: number): string {
  const names = paths.flatMap((file) => landingsUsing(dataDir, file, now));
  if (!names.length) return '';
  const more = names.length > SHOWN_LANDINGS ? ` and ${names.length - SHOWN_LANDINGS} more` : '';
  return ` it is the hero of ${names.slice(0, SHOWN_LANDINGS).join(', ')}${more};`;
}

const refusal = (answer: CheckAnswer) => `The build refuses this change: ${answer.problems.join(' · ')}`;

/**
 * What a write would do to the tables, and the request to pass on instead (the ledger added, images no
 * saved file names left out), or the reason it is refused.
 */
export function guardWrite(repoDir: string, body: BackendRequest, now: number): { refused: string } | { pass: BackendRequest } | null {
  const dataDir = path.join(repoDir, 'data');
  const params = body.params ?? {};
  if (body.action === 'persistEntry') {
    const dataFiles = params.dataFiles ?? [];
    for (const [file, base] of Object.entries(params.base ?? {})) {
      if (!insideData(file)) return { refused: `${file}: the editor writes only files in data/` };
      const stale = staleProblem(repoDir, file, base);
      if (stale) return { refused: stale };
    }
    // An image chosen in the entry and then dropped, or one an earlier refused save left in the draft: never written.
    const named = new Set(dataFiles.flatMap((file) => [...namedCreatives(file.raw)]));
    const assets = (params.assets ?? []).filter((asset) => named.has(path.posix.normalize(asset.path)));
    const writes: FileWrite[] = [
      ...dataFiles.flatMap((file) => [
        { path: file.newPath ?? file.path, content: file.raw },
        ...(file.newPath && file.newPath !== file.path ? [{ path: file.path, content: null }] : []),
      ]),
      ...assets.map((asset) => ({ path: asset.path, content: Buffer.from(asset.content, asset.encoding) })),
    ];
    const ledger = ledgerAfter(dataDir, writes, now);
    const ledgerFile = { slug: 'experiments-ledger', path: `data/${LEDGER_FILE}`, raw: ledger ?? '' };
    const answer = checkWrites(dataDir, ledger ? [...writes, { path: ledgerFile.path, content: ledger }] : writes, now);
    if (!answer.ok) return { refused: refusal(answer) };
    const { base: _base, ...rest } = params;
    return { pass: { ...body, params: { ...rest, dataFiles: ledger ? [...dataFiles, ledgerFile] : dataFiles, assets } } };
  }
  if (body.action === 'persistMedia' && params.asset) {
    const { asset } = params;
    const relative = insideData(asset.path);
    if (!relative?.startsWith('creatives/')) return { refused: `${asset.path}: the editor saves images only in data/creatives/` };
    const problem = creativeImageProblem(relative.slice('creatives/'.length), Buffer.from(asset.content, asset.encoding));
    return problem ? { refused: `The build refuses this image: ${problem}` } : { pass: body };
  }
  if (body.action === 'deleteFile' || body.action === 'deleteFiles') {
    const paths = body.action === 'deleteFile' ? [params.path ?? ''] : (params.paths ?? []);
    const answer = checkWrites(
      dataDir,
      paths.map((file) => ({ path: file, content: null })),
      now,
    );
    if (answer.ok) return { pass: body };
    return {
      refused: `Not deleted:${usedBy(dataDir, paths, now)} the build would refuse the tables without it: ${answer.problems.join(' · ')}`,
    };
  }
  return null;
}

const WRITES = new Set(['persistEntry', 'persistMedia', 'deleteFile', 'deleteFiles']);
const READS = new Set(['info', 'entriesByFolder', 'entriesByFiles', 'getEntry', 'getMedia', 'getMediaFile', 'getDeployPreview']);

/** A write through the guard to decap-server, one at a time: decap-server's answer, or 409 with the refusal. */
export type GuardedWrite = (body: BackendRequest) => Promise<{ status: number; json: unknown }>;

export function registerBackendProxy(app: FastifyInstance, options: BackendProxyOptions): GuardedWrite {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const pass = async (body: BackendRequest) => {
    const response = await fetch(options.localBackend!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as unknown };
  };
  const noBackend = () => ({
    status: 503,
    json: { error: `The editor cannot read or save files: ${options.backendProblem ?? 'no local backend (npm start starts one)'}` },
  });
  const write: GuardedWrite = (body) =>
    options.localBackend
      ? serial(async () => {
          const verdict = guardWrite(options.repoDir, body, options.now());
          if (verdict && 'refused' in verdict) return { status: 409, json: { error: verdict.refused } };
          const answer = await pass(verdict ? verdict.pass : body);
          // Here, not in the editor's tab: a marketer who leaves the page as soon as it says "saved" would
          // otherwise cancel the tab's request, and the save would reach the site only with the next one.
          if (answer.status < 300) options.onWritten?.();
          return answer;
        })
      : Promise.resolve(noBackend());

  app.post<{ Body: BackendRequest }>(BACKEND_PATH, { bodyLimit: 60 * 1024 * 1024 }, async (request, reply) => {
    const body = request.body;
    if (!options.localBackend) {
      const answer = noBackend();
      return reply.code(answer.status).send(answer.json);
    }
    if (!body || typeof body.action !== 'string' || !(WRITES.has(body.action) || READS.has(body.action))) {
      return reply.code(422).send({ error: `The editor's backend does not do ${JSON.stringify(body?.action)}` });
    }
    try {
      const answer = await (WRITES.has(body.action) ? write(body) : pass(body));
      return reply.code(answer.status).send(answer.json);
    } catch (error) {
      return reply.code(502).send({ error: `The editor's backend (decap-server) did not answer: ${(error as Error).message}` });
    }
  });
  return write;
}
