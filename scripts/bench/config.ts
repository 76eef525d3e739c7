/** What the bench measures and against which budgets (issue 6). Everything tunable lives here. */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The same flags the browser tests use (playwright.config.ts), for Lighthouse and the preloader runs alike. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The site lives under this prefix (gatsby-config pathPrefix); the baseline is built with the same one. */
export const PATH_PREFIX = '/promo';

export interface SampleLanding {
  /** Why this page is in the sample. */
  role: string;
  /** Path without the prefix, e.g. /zenit/ru/bonus20000/. */
  path: string;
}

/** Six sample landings: one per brand, a right-to-left one, a casino one and the ru quiz. */
export const SAMPLE_LANDINGS: SampleLanding[] = [
  { role: 'brand zenit', path: '/zenit/ru/bonus20000/' },
  { role: 'brand zenbet', path: '/zenbet/br/bonus35000_betgold/' },
  { role: 'brand cupis', path: '/cupis/ru/freebet30/' },
  { role: 'RTL (ae)', path: '/zenit/ae/freebet30/' },
  { role: 'casino', path: '/zenbet/ru/welcome_bonus_casino/' },
  { role: 'ru quiz', path: '/cupis/ru/quiz/' },
];

/** The promotion whose date the warm rebuild moves by one day (not one of the samples). */
export const WARM_EDIT = { brand: 'zenit', country: 'ru', slug: 'quiz' };

/** The page component of every landing, and of the bare Gatsby page. */
export const LANDING_CHUNK_GROUP = 'component---src-templates-landing-tsx';
export const BASELINE_CHUNK_GROUP = 'component---src-pages-index-js';

/**
 * Lighthouse's blockedUrlPatterns cannot say "every host but 127.0.0.1", so: every https URL (the
 * bench serves plain http on loopback) plus the third-party hosts the landings know of, by name.
 */
export const BLOCKED_URL_PATTERNS = [
  'https://*',
  '*google*',
  '*gstatic*',
  '*recaptcha*',
  '*googletagmanager*',
  '*google-analytics*',
  '*yandex*',
  '*openfpcdn*',
  '*fingerprint.com*',
];

/** Same idea for plain Chromium: no name resolves except loopback, so nothing leaves the machine. */
export const HOST_RESOLVER_RULES = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

/** Lighthouse runs per page (the median of each metric is reported). */
export const LIGHTHOUSE_RUNS = positiveInt(process.env.BENCH_LH_RUNS, 1);
/** Preloader measurements per scenario (median reported). */
export const PRELOADER_RUNS = positiveInt(process.env.BENCH_PRELOADER_RUNS, 3);
export const PRELOADER_PAGE = '/zenit/ru/bonus20000/';
/** The country-call delays the preloader is measured with. */
export const PRELOADER_DELAYS_MS = [0, 800];
/** The page whose chunk loading (first load, without input, on interaction) is watched in Chromium. */
export const CHUNK_TIMELINE_PAGE = '/zenit/ru/bonus20000/';

export const BUDGETS = {
  lighthouseScoreMin: 0.97,
  clsMax: 0.02,
  tbtMaxMs: 150,
  /** KB = 1024 bytes. */
  firstLoadJsGzipMaxKb: 125,
  firstLoadJsRatioMax: 1.3,
  coldBuildMaxS: 90,
  warmBuildMaxS: 30,
  preloaderMinMs: 600,
  preloaderSlackMs: 100,
} as const;

export type Budgets = typeof BUDGETS;

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
