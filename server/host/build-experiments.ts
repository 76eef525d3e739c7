import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  assignVariant,
  EXPERIMENT_CACHE_CONTROL,
  EXPERIMENT_VARY,
  isCrawler,
  VISITOR_ID,
  visitorCookie,
  forgetVisitorCookie,
} from '../../src/domain/experiments';
import { trackingAllowed, type ConsentMode, type ConsentValue } from '../../src/domain/consent';
import { EXPERIMENTS_JSON, experimentAddresses, experimentFiles, type HostExperiment } from '../../gatsby/post-build/experiment-files';

/** How one request under /promo is answered as far as the A/B experiments go. */
export interface ExperimentAnswer {
  /** The variant's file to serve at the address (the path under /promo), or null for the address's own. */
  servedPath: string | null;
  /** The headers of an answer with `file` (nginx's $uri of it) when that answer is per visitor; null otherwise. */
  headersFor(file: string): { cacheControl: string; vary: string; setCookie: string | null } | null;
}

/**
 * The A/B experiments the build wrote (public/_experiments.json), answered as deploy/ has nginx answer
 * them (public/_experiments.nginx.conf, from the same addresses): the visitor id from the cookie when valid,
 * else a new one of nginx's $request_id's form; crawlers, and visitors whose consent does not allow tracking,
 * unassigned; the same MurmurHash2 split, so a
 * cookie lands in the same variant here as behind nginx. Re-read when a new build replaces the file.
 */
export class BuildExperiments {
  private loadedAt = -1;
  private byAddress = new Map<string, { experiment: HostExperiment; files: Record<string, string>; consent: ConsentMode }>();
  private perVisitorFiles = new Set<string>();

  constructor(private readonly publicDir: string) {}

  /**
   * `choice` is the visitor's consent cookie: where the landing's market and that choice do not allow
   * tracking, the visitor is not assigned (the landing itself, no cookie) and loses a cookie they have.
   */
  answer(address: string, cookie: string | undefined, userAgent: string | undefined, choice: ConsentValue | null = null): ExperimentAnswer {
    this.refresh();
    const crawler = isCrawler(userAgent);
    const known = cookie !== undefined && VISITOR_ID.test(cookie);
    const visitor = known ? cookie : randomBytes(16).toString('hex');
    const found = this.byAddress.get(address);
    const consented = found ? trackingAllowed(found.consent, choice) : true;
    const entry = crawler || !consented ? undefined : found;
    const variant = entry ? assignVariant(visitor, entry.experiment) : undefined;
    const setCookie = () => {
      if (!consented) return known ? forgetVisitorCookie() : null;
      return crawler || known ? null : visitorCookie(visitor);
    };
    return {
      servedPath: (entry && variant && entry.files[variant]) ?? null,
      headersFor: (file) =>
        this.perVisitorFiles.has(file) ? { cacheControl: EXPERIMENT_CACHE_CONTROL, vary: EXPERIMENT_VARY, setCookie: setCookie() } : null,
    };
  }

  private refresh(): void {
    const file = path.join(this.publicDir, EXPERIMENTS_JSON);
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      this.byAddress.clear();
      this.perVisitorFiles.clear();
      this.loadedAt = -1;
      return;
    }
    if (mtime === this.loadedAt) return;
    const { experiments } = JSON.parse(readFileSync(file, 'utf8')) as { experiments: HostExperiment[] };
    const byId = new Map(experiments.map((experiment) => [experiment.id, experiment]));
    this.byAddress = new Map(
      experimentAddresses(experiments).map((entry) => [
        entry.address,
        { experiment: byId.get(entry.experiment)!, files: entry.files, consent: entry.consent },
      ]),
    );
    this.perVisitorFiles = new Set(experimentFiles(experiments));
    this.loadedAt = mtime;
  }
}
