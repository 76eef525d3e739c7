import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeFor } from '../mime';

/**
 * A small static file server in place of @fastify/static, whose content-disposition dependency is
 * ES-module-only and cannot be loaded by the CommonJS jest setup this repository uses.
 */

export type Lookup =
  { kind: 'file'; absolutePath: string; relativePath: string; stats: Stats } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/** Files up to this size are buffered so compression keeps an exact Content-Length; bigger ones stream. */
const BUFFER_LIMIT = 1024 * 1024;

async function statOrNull(filePath: string): Promise<Stats | null> {
  try {
    return await stat(filePath);
  } catch {
    return null;
  }
}

/**
 * Maps the URL path below the mount point to a file. Encoded separators, dot segments, empty
 * segments and dotfiles never match, so nothing outside the root (or hidden in it) can be reached.
 */
export async function lookUp(root: string, urlSubPath: string, search: string): Promise<Lookup> {
  const wantsDirectory = urlSubPath === '' || urlSubPath.endsWith('/');
  const rawSegments = urlSubPath.split('/');
  if (rawSegments[0] === '') rawSegments.shift();
  if (wantsDirectory) rawSegments.pop();

  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'missing' };
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\u0000]/.test(segment)) return { kind: 'missing' };
    segments.push(segment);
  }

  const base = path.resolve(root);
  const target = path.join(base, ...segments);
  if (target !== base && !target.startsWith(base + path.sep)) return { kind: 'missing' };

  const stats = await statOrNull(target);
  if (!stats) return { kind: 'missing' };
  if (stats.isDirectory()) {
    // Gatsby pages link with a trailing slash; relative URLs inside index.html only resolve with it.
    if (!wantsDirectory) return { kind: 'redirect', location: `${urlSubPath}/${search}` };
    const index = path.join(target, 'index.html');
    const indexStats = await statOrNull(index);
    if (!indexStats?.isFile()) return { kind: 'missing' };
    return { kind: 'file', absolutePath: index, relativePath: path.relative(base, index), stats: indexStats };
  }
  if (!stats.isFile() || wantsDirectory) return { kind: 'missing' };
  return { kind: 'file', absolutePath: target, relativePath: path.relative(base, target), stats };
}

function etagOf(stats: Stats): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

function notModified(request: FastifyRequest, stats: Stats, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** A single `bytes=` range is enough for media seeking; multi-range requests get the whole file. */
function parseRange(request: FastifyRequest, size: number, etag: string): ByteRange {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && !matchesEtag(String(ifRange), etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export interface SendOptions {
  status?: number;
  cacheControl: string;
  /** What else the answer depends on (an A/B experiment's landing: the cookie), before accept-encoding. */
  vary?: string;
}

export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { absolutePath: string; stats: Stats },
  options: SendOptions,
): Promise<FastifyReply> {
  const { stats } = file;
  const status = options.status ?? 200;
  const etag = etagOf(stats);
  reply
    .header('cache-control', options.cacheControl)
    .header('etag', etag)
    .header('last-modified', stats.mtime.toUTCString())
    .header('accept-ranges', 'bytes')
    .type(contentTypeFor(file.absolutePath));
  if (options.vary) reply.header('vary', options.vary);

  if (status === 200 && notModified(request, stats, etag)) return reply.code(304).send();

  const range = status === 200 ? parseRange(request, stats.size, etag) : undefined;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${stats.size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stats.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(createReadStream(file.absolutePath, { start: range.start, end: range.end }));
  }

  reply.code(status);
  const encoding =
    stats.size >= COMPRESS_FROM_BYTES && stats.size <= BUFFER_LIMIT && KEPT_COMPRESSED.test(file.absolutePath)
      ? chosenEncoding(request)
      : null;
  if (encoding) {
    return reply
      .header('content-encoding', encoding)
      .header('vary', options.vary ? `${options.vary}, accept-encoding` : 'accept-encoding')
      .send(await compressedBody(file, encoding));
  }
  if (stats.size <= BUFFER_LIMIT) return reply.send(await readFile(file.absolutePath));
  return reply.header('content-length', String(stats.size)).send(createReadStream(file.absolutePath));
}

/**
 * The build's scripts and data are compressed once per file version and kept, as a host serves files
 * compressed ahead of time; every other answer is compressed per request by @fastify/compress. The
 * stand-in shares its machine with the browser it serves: compressing a landing's scripts anew on every
 * load would take CPU from the page being measured, more for a landing than for the bare page it is
 * judged against. HTML is left to the per-request path, because the
 * security headers are computed from the page's own text. Same settings as @fastify/compress.
 */
const KEPT_COMPRESSED = /\.(?:js|json|css|svg|txt|map|webmanifest)$/;
const KEPT_LIMIT_BYTES = 64 * 1024 * 1024;
/** @fastify/compress leaves smaller answers as they are. */
const COMPRESS_FROM_BYTES = 1024;
const kept = new Map<string, Buffer>();
let keptBytes = 0;

function chosenEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param)))
      .map(([token]) => token.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

async function compressedBody(file: { absolutePath: string; stats: Stats }, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding} ${file.stats.size} ${file.stats.mtimeMs} ${file.absolutePath}`;
  const known = kept.get(key);
  if (known) return known;
  const raw = await readFile(file.absolutePath);
  const body =
    encoding === 'br' ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : zlib.gzipSync(raw);
  // A stand-in that runs for days across rebuilds starts over rather than growing without end.
  if (keptBytes + body.length > KEPT_LIMIT_BYTES) {
    kept.clear();
    keptBytes = 0;
  }
  kept.set(key, body);
  keptBytes += body.length;
  return body;
}
