/**
 * The editor's preview of one landing as the tables are now, in a second or two instead of a whole-site
 * build: the tables loaded and refused as the build loads and refuses them (tables/load.ts), the page's
 * context made by the build's own code (gatsby/page-context/), and the HTML rendered by the renderer the
 * last build made from src/templates/landing.tsx, its scripts deferred as the build's last step defers
 * them. Nothing here draws a page: a change to the template reaches the preview with the next build.
 * An A/B variant is rendered at its landing's address, as the host serves it, and only when asked for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONTROL } from '../../../src/domain/experiments';
import { expiredRedirects, type Landing } from '../../../src/domain/landings';
import { isPromotionExpired } from '../../../src/domain/expiry';
import { BASE_PATH } from '../../../src/domain/paths';
import type { LandingPageContext } from '../../../src/domain/page-context';
import { readBuiltPictures } from '../../../gatsby/page-context/built-pictures';
import { variantPages } from '../../../gatsby/page-context/experiment-pages';
import { indexLandings, landingContext } from '../../../gatsby/page-context/page-contexts';
import { integrityReader } from '../../../gatsby/post-build/csp-map-file';
import { withDeferredBundle } from '../../../gatsby/post-build/deferred-bundle';
import { runningExperiment } from '../../../tables/experiments';
import { loadSite, TableError, type Tables } from '../../../tables/load';
import { RenderWorker } from './render-worker';

type Refusal = { kind: 'redirect'; to: string } | { kind: 'refused'; status: number; reason: string };
export type PreviewAnswer = { kind: 'page'; html: string } | Refusal;
export type PreviewDataAnswer = { kind: 'data'; json: string } | Refusal;

interface PageData {
  componentChunkName: string;
  path: string;
  matchPath?: string;
  result: { pageContext: unknown };
  staticQueryHashes: string[];
  slicesMap?: Record<string, string>;
}

const pageDataFile = (publicDir: string, sitePath: string) =>
  path.join(publicDir, 'page-data', ...sitePath.split('/').filter(Boolean), 'page-data.json');

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export class LandingPreview {
  private readonly worker: RenderWorker;
  private readonly publicDir: string;

  constructor(
    private readonly siteDir: string,
    private readonly now: () => number,
  ) {
    this.worker = new RenderWorker(siteDir);
    this.publicDir = path.join(siteDir, 'public');
  }

  stop(): void {
    this.worker.stop();
  }

  /** The landing at `sitePath` ("/zenit/ru/quiz/"), or one of its running experiment's variants; `search` travels on a redirect. */
  async answer(sitePath: string, variant: string | null, search: string): Promise<PreviewAnswer> {
    const prepared = this.prepare(sitePath, variant, search);
    if ('kind' in prepared) return prepared;
    const html = await this.worker.render(sitePath, prepared.pageData, prepared.compilationHash);
    return { kind: 'page', html: withDeferredBundle(html, integrityReader(this.publicDir, BASE_PATH)) };
  }

  /**
   * The same landing's page data: the page's runtime asks for it, with the frame's query, as it starts,
   * and renders what it gets; the last build's would put the old texts back over the preview.
   */
  pageData(sitePath: string, variant: string | null, search: string): PreviewDataAnswer {
    const prepared = this.prepare(sitePath, variant, search);
    if ('kind' in prepared) return prepared;
    return { kind: 'data', json: JSON.stringify(prepared.pageData) };
  }

  private prepare(sitePath: string, variant: string | null, search: string): Refusal | { pageData: PageData; compilationHash: string } {
    const now = this.now();
    let site: ReturnType<typeof loadSite>;
    try {
      site = loadSite(path.join(this.siteDir, 'data'), now);
    } catch (error) {
      if (error instanceof TableError) return { kind: 'refused', status: 422, reason: `The build refuses the tables: ${error.message}` };
      throw error;
    }
    const landing = site.landings.find((candidate) => candidate.path === sitePath);
    if (!landing) return { kind: 'refused', status: 404, reason: `No landing of the tables has the address ${sitePath}.` };
    if (isPromotionExpired(landing.row.date, now)) {
      const redirect = expiredRedirects(site.landings, now).find((candidate) => candidate.from === sitePath);
      if (redirect) return { kind: 'redirect', to: `${BASE_PATH}${redirect.to}${search}` };
    }
    const pictures = readBuiltPictures(this.siteDir);
    const template = this.templatePageData(site.landings, sitePath);
    const appData = readJson<{ webpackCompilationHash: string }>(path.join(this.publicDir, 'page-data', 'app-data.json'));
    if (!pictures || !template || !appData || !this.worker.builtAt())
      return { kind: 'refused', status: 503, reason: 'The site has not been built yet: the preview follows the first build.' };
    const context = this.contextOf(landing, site.tables, site.landings, pictures, variant, now);
    if (typeof context === 'string') return { kind: 'refused', status: 404, reason: context };
    if (!context.hero)
      return {
        kind: 'refused',
        status: 409,
        reason: 'This creative is new to the site: the preview shows it once the full rebuild has drawn it.',
      };
    const pageData: PageData = { ...template, path: sitePath, result: { pageContext: context } };
    delete pageData.matchPath;
    return { pageData, compilationHash: appData.webpackCompilationHash };
  }

  private contextOf(
    landing: Landing,
    tables: Tables,
    landings: readonly Landing[],
    pictures: NonNullable<ReturnType<typeof readBuiltPictures>>,
    variant: string | null,
    now: number,
  ): LandingPageContext | string {
    const control = landingContext(landing, tables, indexLandings(landings, tables, now), pictures.app, pictures.heroes);
    if (!variant || variant === CONTROL) return control;
    const experiment = runningExperiment(landing, tables, now);
    const page = experiment
      ? variantPages(landing, experiment, control, tables, pictures.heroes).find((candidate) => candidate.context.variant === variant)
      : undefined;
    return page ? page.context : `${landing.path} runs no A/B variant "${variant}" today.`;
  }

  /** What every landing's page data shares (the template's chunk, its static queries), from the last build. */
  private templatePageData(landings: readonly Landing[], sitePath: string): PageData | null {
    for (const candidate of [sitePath, ...landings.map((landing) => landing.path)]) {
      const found = readJson<PageData>(pageDataFile(this.publicDir, candidate));
      if (found) return found;
    }
    return null;
  }
}
