/**
 * What a page's first load fetches, from the built output: the scripts of its HTML, the files its deferred
 * loader asks for, the webpack chunk groups of the app and its page component; gzip -9 as served. A size
 * tool measures the files it is given; knowing which files a landing's first load fetches is ours.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { deferredBundle } from '../../gatsby/post-build/deferred-bundle';
import { LAZY_FEATURES, PATH_PREFIX } from './config';

export const LANDING_GROUPS = ['app', 'component---src-templates-landing-tsx'];
export const BARE_GROUPS = ['app', 'component---src-pages-index-js'];

interface WebpackStats {
  namedChunkGroups?: Record<string, { assets?: Array<string | { name: string }> }>;
}

/** The script files of a page's first load (pure): its <script src>, its deferred bundle, the chunk groups, once each. */
export function firstLoadScripts(html: string, stats: WebpackStats, groups: string[]): string[] {
  const src = /<script\b[^>]*?\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s"'>]+))/gi; // quoted either way or bare, as HTML allows
  const tags = [...html.matchAll(src)].map((match) => match[1] ?? match[2] ?? match[3]);
  const local = [...tags, ...deferredBundle(html).map(([src]) => src)]
    .filter((url) => !/^([a-z]+:)?\/\//i.test(url))
    .map((url) =>
      url
        .split(/[?#]/)[0]
        .replace(new RegExp(`^${PATH_PREFIX}/`), '')
        .replace(/^\/+/, ''),
    );
  const fromGroups = groups.flatMap((group) => {
    const assets = stats.namedChunkGroups?.[group]?.assets;
    if (!assets) throw new Error(`webpack.stats.json has no chunk group "${group}"`);
    return assets.map((asset) => (typeof asset === 'string' ? asset : asset.name));
  });
  return [...new Set([...local, ...fromGroups])].filter((file) => file.endsWith('.js'));
}

/** Which lazy features a chunk holds (pure): a module path of its source map, or else a string of its code. */
export function lazyFeaturesIn(code: string, sources: string[]): string[] {
  return LAZY_FEATURES.filter(
    (feature) => sources.some((source) => feature.module.test(source)) || feature.strings.some((text) => code.includes(text)),
  ).map((feature) => feature.name);
}

export class BuiltSite {
  private readonly gzipped = new Map<string, number>();
  private readonly stats: WebpackStats;

  constructor(
    readonly publicDir: string,
    private readonly groups: string[],
  ) {
    this.stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as WebpackStats;
  }

  html(pagePath: string): string {
    const file = path.join(this.publicDir, pagePath, 'index.html');
    if (!fs.existsSync(file)) throw new Error(`the build has no page ${pagePath}`);
    return fs.readFileSync(file, 'utf8');
  }

  firstLoad(pagePath: string): string[] {
    return firstLoadScripts(this.html(pagePath), this.stats, this.groups);
  }

  /** First-load JavaScript of a page, gzip -9 bytes. */
  jsGzip(pagePath: string): number {
    return this.firstLoad(pagePath).reduce((sum, file) => {
      if (!this.gzipped.has(file))
        this.gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(this.publicDir, file)), { level: 9 }).length);
      return sum + this.gzipped.get(file)!;
    }, 0);
  }

  /** Lazy features found in the given chunks: "captcha in app-123.js". */
  lazyOffenders(files: Iterable<string>): string[] {
    return [...files].flatMap((file) => {
      const map = path.join(this.publicDir, `${file}.map`);
      const sources = fs.existsSync(map) ? ((JSON.parse(fs.readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? []) : [];
      return lazyFeaturesIn(fs.readFileSync(path.join(this.publicDir, file), 'utf8'), sources).map((name) => `${name} in ${file}`);
    });
  }

  /** Every landing of the build: {brand}/{country}/{slug}/index.html for the brands of the site's data/brands.json. */
  landings(): string[] {
    const brands = JSON.parse(fs.readFileSync(path.join(this.publicDir, '..', 'data', 'brands.json'), 'utf8')) as object;
    return Object.keys(brands)
      .filter((brand) => fs.existsSync(path.join(this.publicDir, brand)))
      .flatMap((brand) =>
        (fs.readdirSync(path.join(this.publicDir, brand), { recursive: true }) as string[])
          .filter((file) => file.split(path.sep).length === 3 && file.endsWith(`${path.sep}index.html`))
          .map((file) => `/${brand}/${path.dirname(file).split(path.sep).join('/')}/`),
      )
      .sort();
  }
}
