/**
 * Weight of a page from the built output: what its first load fetches (the scripts in its HTML plus
 * the webpack chunk groups of the app and of its page component), and which chunks are left for later.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { deferredBundle } from '../../build/post-build/deferred-bundle';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

export function addSizes(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

/** gzip -9 and brotli quality 11: the sizes of files compressed ahead of time. */
export function compressedSizes(content: Buffer | string, withBrotli = true): Sizes {
  const buffer = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: withBrotli
      ? zlib.brotliCompressSync(buffer, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
        }).length
      : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Pure: reading the HTML and the stats

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** src of every <script src> in the page, in order, then the files its deferred loader asks for (build/post-build/deferred-bundle.ts). */
export function scriptSources(html: string): string[] {
  const tags = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => attribute(match[0], 'src')).filter((src): src is string => !!src);
  return [...tags, ...deferredBundle(html).map(([src]) => src)];
}

/** href of every stylesheet <link>. */
export function stylesheetHrefs(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/gi)]
    .filter((match) => (attribute(match[0], 'rel') ?? '').toLowerCase().split(/\s+/).includes('stylesheet'))
    .map((match) => attribute(match[0], 'href'))
    .filter((href): href is string => !!href);
}

/** Bytes of the inline <style> blocks (styled-components puts the page's CSS there). */
export function inlineStyleBytes(html: string): number {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce((sum, match) => sum + Buffer.byteLength(match[1]), 0);
}

/** Bytes of inline <script> blocks (no src). */
export function inlineScriptBytes(html: string): number {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => attribute(`<script ${match[1]}>`, 'src') === null)
    .reduce((sum, match) => sum + Buffer.byteLength(match[2]), 0);
}

/** A URL of the page (/promo/app-123.js) as a file name under public/ (app-123.js); null for other hosts. */
export function urlToPublicFile(url: string, prefix: string): string | null {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) return null;
  let pathname = url.split(/[?#]/)[0];
  if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) pathname = pathname.slice(prefix.length);
  return pathname.replace(/^\/+/, '');
}

export interface WebpackStats {
  namedChunkGroups?: Record<string, { assets?: Array<string | { name: string }> }>;
}

/** Files of a named chunk group in Gatsby's webpack.stats.json (assets are names or {name}). */
export function chunkGroupFiles(stats: WebpackStats, group: string): string[] {
  const assets = stats.namedChunkGroups?.[group]?.assets;
  if (!assets) throw new Error(`webpack.stats.json has no chunk group "${group}"`);
  return assets.map((asset) => (typeof asset === 'string' ? asset : asset.name)).filter((name) => !name.endsWith('.map'));
}

export interface FirstLoadFiles {
  js: string[];
  css: string[];
}

/** The HTML's own scripts and stylesheets plus the app and page-component chunk groups, without duplicates. */
export function firstLoadFiles(html: string, stats: WebpackStats, groups: string[], prefix: string): FirstLoadFiles {
  const fromHtml = [...scriptSources(html), ...stylesheetHrefs(html)]
    .map((url) => urlToPublicFile(url, prefix))
    .filter((file): file is string => !!file);
  const all = [...new Set([...fromHtml, ...groups.flatMap((group) => chunkGroupFiles(stats, group))])];
  return { js: all.filter((file) => file.endsWith('.js')), css: all.filter((file) => file.endsWith('.css')) };
}

/** A webpack output chunk: name-<20 hex digits>.js (sw.js, workbox and idb-keyval are not). */
export function isWebpackChunk(file: string): boolean {
  return /-[0-9a-f]{20}\.js$/.test(file);
}

export interface LazyFeature {
  id: string;
  label: string;
  /** How the report names it. */
  short: string;
  /** Matched against the module paths of the chunk's source map. */
  module: RegExp;
  /** Matched against the minified code (module paths do not survive minification). */
  strings: string[];
}

/** What must never be in a landing's first load (spec 4): each is looked for in every chunk. */
export const LAZY_FEATURES: LazyFeature[] = [
  {
    id: 'fingerprint',
    label: 'fingerprint (@fingerprintjs)',
    short: 'fingerprint',
    module: /node_modules\/@fingerprintjs\//,
    strings: ['@fingerprintjs', 'openfpcdn.io'],
  },
  {
    id: 'captcha',
    label: 'captcha (react-google-recaptcha-v3)',
    short: 'captcha',
    module: /node_modules\/react-google-recaptcha-v3\//,
    strings: ['react-google-recaptcha-v3', 'grecaptcha'],
  },
  {
    id: 'registration',
    label: 'registration form',
    short: 'registration form',
    module: /src\/features\/registration\/RegistrationForm\./,
    strings: ['reg-password'],
  },
  { id: 'odds', label: 'odds cards', short: 'odds cards', module: /src\/features\/odds\/OddsCards\./, strings: ['odds-card'] },
  // The main-site client's transport: loaded with the first call (src/main-site/client.ts), never to paint.
  { id: 'axios', label: 'axios', short: 'axios', module: /node_modules\/axios\//, strings: ['AxiosError'] },
  { id: 'dompurify', label: 'DOMPurify', short: 'DOMPurify', module: /node_modules\/dompurify\//, strings: ['DOMPurify'] },
];

/** The features the lazy-chunks budget names, as the report lists them. */
export const LAZY_FEATURE_NAMES = LAZY_FEATURES.map((feature) => feature.short).join(', ');

export interface FeatureHit {
  id: string;
  /** Why: the module path or the string found. */
  evidence: string;
}

/** Which lazy features a chunk holds, from its source-map module list and its code. */
export function detectFeatures(code: string, sources: string[], features: LazyFeature[] = LAZY_FEATURES): FeatureHit[] {
  const hits: FeatureHit[] = [];
  for (const feature of features) {
    const module = sources.find((source) => feature.module.test(source));
    if (module) {
      hits.push({ id: feature.id, evidence: `module ${module.replace(/^webpack:\/\/[^/]*\//, '')}` });
      continue;
    }
    const text = feature.strings.find((needle) => code.includes(needle));
    if (text) hits.push({ id: feature.id, evidence: `string "${text}"` });
  }
  return hits;
}

export interface ChunkInfo {
  file: string;
  sizes: Sizes;
  features: FeatureHit[];
  /** Packages (node_modules) and own source files in the chunk, from the source map. */
  packages: string[];
  ownModules: number;
  /** A few of its modules, own code first: what a reader needs to tell the chunk apart. */
  modules: string[];
}

/** The package names in a source-map source list: lodash, @scope/name. */
export function packagesOf(sources: string[]): string[] {
  const names = new Set<string>();
  for (const source of sources) {
    const at = source.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    names.add(parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
  }
  return [...names].sort();
}

/** A source-map source as a short module path: src/features/registration/calls/country.ts, react-dom/cjs/react-dom-server.browser.production.js. */
export function shortModule(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) return source.slice(at + 'node_modules/'.length);
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.?\/)+/, '');
}

/** Up to `max` modules of a chunk, its own code first, webpack's runtime left out. */
export function notableModules(sources: string[], max = 3): string[] {
  const real = sources.filter((source) => !/webpack\/(runtime|bootstrap)/.test(source));
  const own = real.filter((source) => !source.includes('node_modules/'));
  const packages = real.filter((source) => source.includes('node_modules/'));
  return [...own, ...packages].slice(0, max).map(shortModule);
}

export interface FirstLoadCheck {
  pass: boolean;
  /** Features found in first-load chunks: "captcha in app-123.js (string "grecaptcha")". */
  offenders: string[];
  /** Where each feature lives instead (lazy chunk files). */
  lazyHomes: Record<string, string[]>;
}

/** None of the lazy features may be in a first-load chunk. */
export function checkLazyFeatures(firstLoad: ChunkInfo[], lazy: ChunkInfo[], features: LazyFeature[] = LAZY_FEATURES): FirstLoadCheck {
  const offenders = firstLoad.flatMap((chunk) => chunk.features.map((hit) => `${hit.id} in ${chunk.file} (${hit.evidence})`));
  const lazyHomes: Record<string, string[]> = {};
  for (const feature of features) {
    lazyHomes[feature.id] = lazy.filter((chunk) => chunk.features.some((hit) => hit.id === feature.id)).map((chunk) => chunk.file);
  }
  return { pass: offenders.length === 0, offenders, lazyHomes };
}

// ---------------------------------------------------------------------------------------------
// Reading the built output

export interface PageWeight {
  path: string;
  html: Sizes;
  inlineCssBytes: number;
  inlineScriptBytes: number;
  js: Sizes & { files: string[] };
  css: Sizes & { files: string[] };
  /** page-data.json of the page plus app-data.json, both fetched by the first load. */
  data: Sizes;
}

export class BuiltSite {
  private readonly sizeCache = new Map<string, Sizes>();
  private readonly chunkCache = new Map<string, ChunkInfo>();
  readonly stats: WebpackStats;

  constructor(
    readonly publicDir: string,
    readonly prefix: string,
    readonly groups: string[],
  ) {
    this.stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as WebpackStats;
  }

  fileSizes(file: string): Sizes {
    let sizes = this.sizeCache.get(file);
    if (!sizes) {
      sizes = compressedSizes(fs.readFileSync(path.join(this.publicDir, file)));
      this.sizeCache.set(file, sizes);
    }
    return sizes;
  }

  html(pagePath: string): string {
    const file = path.join(this.publicDir, pagePath, 'index.html');
    if (!fs.existsSync(file)) throw new Error(`the build has no page ${pagePath} (${file} is missing)`);
    return fs.readFileSync(file, 'utf8');
  }

  firstLoad(pagePath: string): FirstLoadFiles {
    return firstLoadFiles(this.html(pagePath), this.stats, this.groups, this.prefix);
  }

  /** Full weight of one page; brotli of the HTML only when asked (it is slow at quality 11). */
  measure(pagePath: string, withBrotli = true): PageWeight {
    const html = this.html(pagePath);
    const files = firstLoadFiles(html, this.stats, this.groups, this.prefix);
    const sum = (list: string[]) => list.reduce((total, file) => addSizes(total, this.fileSizes(file)), ZERO);
    const dataFiles = [
      path.join('page-data', pagePath === '/' ? 'index' : pagePath, 'page-data.json'),
      path.join('page-data', 'app-data.json'),
    ];
    return {
      path: pagePath,
      html: compressedSizes(html, withBrotli),
      inlineCssBytes: inlineStyleBytes(html),
      inlineScriptBytes: inlineScriptBytes(html),
      js: { ...sum(files.js), files: files.js },
      css: { ...sum(files.css), files: files.css },
      data: dataFiles
        .filter((file) => fs.existsSync(path.join(this.publicDir, file)))
        .reduce((total, file) => addSizes(total, this.fileSizes(file)), ZERO),
    };
  }

  chunk(file: string): ChunkInfo {
    let info = this.chunkCache.get(file);
    if (!info) {
      const code = fs.readFileSync(path.join(this.publicDir, file), 'utf8');
      const mapFile = path.join(this.publicDir, `${file}.map`);
      const sources = fs.existsSync(mapFile)
        ? ((JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources?: string[] }).sources ?? [])
        : [];
      info = {
        file,
        sizes: this.fileSizes(file),
        features: detectFeatures(code, sources),
        packages: packagesOf(sources),
        ownModules: sources.filter((source) => !source.includes('node_modules/') && !source.includes('webpack/')).length,
        modules: notableModules(sources),
      };
      this.chunkCache.set(file, info);
    }
    return info;
  }

  /** Every webpack chunk of the build. */
  allChunks(): string[] {
    return fs.readdirSync(this.publicDir).filter(isWebpackChunk).sort();
  }
}

/** Landing pages of the build: public/{brand}/{country}/{slug}/index.html for the brands of data/brands.json. */
export function landingPaths(publicDir: string, brands: string[]): string[] {
  const paths: string[] = [];
  for (const brand of brands) {
    const brandDir = path.join(publicDir, brand);
    if (!fs.existsSync(brandDir)) continue;
    for (const country of fs.readdirSync(brandDir)) {
      const countryDir = path.join(brandDir, country);
      if (!fs.statSync(countryDir).isDirectory()) continue;
      for (const slug of fs.readdirSync(countryDir)) {
        if (fs.existsSync(path.join(countryDir, slug, 'index.html'))) paths.push(`/${brand}/${country}/${slug}/`);
      }
    }
  }
  return paths.sort();
}
