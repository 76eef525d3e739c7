/**
 * A synthetic event log in the agreed line shape (lib/event-log.ts), for timing the funnel report at
 * millions of events. Deterministic from its seed: the same seed and size give the same bytes.
 *
 * What makes it look like traffic: landings' popularity falls off like a power law; each landing has its
 * own pull (how many start registering) and weight (how slow its hero is); countries differ in network,
 * which moves LCP; a quarter of page views come from visitors seen before; most views never touch the
 * form, and each step loses visitors; one view in ten never sends its web_vitals beacon. Landings of an
 * experiment's slug put each visitor in a variant by the host's own split, and a variant moves the pull.
 */
import { assignVariant } from '../../../src/domain/experiments';
import { FUNNEL_EVENT_CODES, TRACKING_EVENT_TYPE, KAFKA_TOPIC, type TrackingEventCode } from '../../../src/domain/tracking';

export interface LandingSeed {
  brand: string;
  country: string;
  slug: string;
  category: string;
}

export interface LogOptions {
  /** Lines to write. */
  events: number;
  seed: number;
  landings: readonly LandingSeed[];
  /** First event's time (ms since the epoch); events spread over `days` from it. */
  start: number;
  days: number;
  /** Share of lines written broken (cut JSON, an unknown code, no page-view id), so that path is timed too. */
  badShare: number;
  /** A/B experiments, each on every landing of its slug; their events carry experiment and variant. */
  experiments?: readonly SyntheticExperiment[];
}

export interface SyntheticExperiment {
  id: string;
  slug: string;
  /** Weights in percent; `pull` multiplies how many of the variant's viewers start registering. */
  variants: readonly { id: string; weight: number; pull: number }[];
}

/** sfc32: small, fast, and the same sequence on every platform for a seed. */
export function randomFrom(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let index = 0; index < 12; index++) next();
  return next;
}

type Random = () => number;

/** A log-normal draw around `median` (Box-Muller). */
function logNormal(random: Random, median: number, sigma: number): number {
  const u = Math.max(random(), 1e-12);
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return median * Math.exp(sigma * normal);
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const idOf = (random: Random, length: number): string => {
  let id = '';
  for (let index = 0; index < length; index++) id += ID_ALPHABET[Math.floor(random() * 32)];
  return id;
};

const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 11; Redmi Note 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];

/** The share of page views on a slow connection, per country; the rest are on 4g. */
const SLOW_SHARE: Record<string, number> = { bn: 0.45, sw: 0.5, tm: 0.4, uz: 0.3, ir: 0.35, vi: 0.25, mx: 0.2, br: 0.2, kz: 0.2 };

interface LandingTraits extends LandingSeed {
  weight: number;
  pull: number;
  /** How slow its hero and scripts make it: most near 1, a few well above. */
  heavy: number;
  /** How much its layout shifts once a view in three shifts at all. */
  shifty: number;
}

function traitsOf(landings: readonly LandingSeed[], random: Random): { traits: LandingTraits[]; cumulative: number[] } {
  // Fisher-Yates: each landing's popularity rank.
  const rank = landings.map((_, index) => index);
  for (let index = rank.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [rank[index], rank[other]] = [rank[other], rank[index]];
  }
  const traits = landings.map((landing, index) => ({
    ...landing,
    weight: 1 / Math.pow(rank[index] + 1, 0.8),
    pull: 0.6 + random() * 0.8,
    heavy: random() < 0.08 ? 1.6 + random() : 0.8 + random() * 0.4,
    shifty: random() < 0.05 ? 0.25 : 0.05,
  }));
  const cumulative: number[] = [];
  let sum = 0;
  for (const landing of traits) cumulative.push((sum += landing.weight));
  return { traits, cumulative: cumulative.map((value) => value / sum) };
}

function pick(cumulative: readonly number[], value: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface View {
  landing: LandingTraits;
  pageViewId: string;
  sessionId: string;
  imprintHash: string | null;
  userAgent: string;
  ip: string;
  time: number;
}

/** The codes one page view sends, in order, with the seconds after the view each is sent at. */
function funnelOf(random: Random, landing: LandingTraits, pull = 1): { code: TrackingEventCode; method?: string; at: number }[] {
  const codes: { code: TrackingEventCode; method?: string; at: number }[] = [{ code: 'view_landing', at: 0 }];
  let at = 0;
  const add = (code: TrackingEventCode, method?: string) => codes.push({ code, method, at: (at += 2 + Math.floor(random() * 20)) });
  if (random() < 0.04) add('click_rules_landing');
  if (random() < 0.02) add('click_logo_landing');
  if (random() < 0.3 * landing.pull * pull) {
    const method = random() < 0.7 ? 'phone' : 'email';
    add('reg_start', method);
    if (random() < 0.75) {
      add('entered_char_in_reg', method);
      if (random() < 0.3) add('chose_country', method);
      if (random() < 0.4) add('chose_currency', method);
      if (random() < 0.85) add(method === 'phone' ? 'entered_phone' : 'entered_email', method);
      if (random() < 0.8) add('entered_password', method);
      if (random() < 0.05) add('back_step', method);
      if (random() < 0.55) {
        add('reg_button_enter', method);
        if (random() < 0.2) add('reg_button_enter', method);
        const smsPasses = method === 'email' || random() < 0.85;
        if (method === 'phone') {
          if (random() < 0.1) add('sms_code_repeat', method);
          if (smsPasses) add('sms_code_entered', method);
        }
        if (smsPasses && random() < 0.8) add('registration_done', method);
      }
    }
  }
  return codes;
}

function vitalsOf(random: Random, landing: LandingTraits) {
  const slow = random() < (SLOW_SHARE[landing.country] ?? 0.1);
  const network = slow ? 1.8 : 1;
  const ttfb = Math.round(logNormal(random, 180 * network, 0.5));
  const fcp = Math.round(ttfb + logNormal(random, 550 * network, 0.4));
  const lcp = Math.round(fcp + logNormal(random, 450 * network * landing.heavy, 0.6));
  const interacted = random() < 0.65;
  const inp = interacted ? Math.round(logNormal(random, 80 * landing.heavy, 0.55)) : null;
  const shift = random() < 0.7 ? random() * 0.02 : logNormal(random, landing.shifty, 0.8);
  const cls = Math.round(shift * 10_000) / 10_000;
  return { lcp, inp, cls, fcp, ttfb, effectiveType: slow ? '3g' : '4g' };
}

function line(view: View, code: string, at: number, detail: Record<string, unknown>): string {
  const date = new Date(view.time + at * 1000);
  const event = {
    eventType: TRACKING_EVENT_TYPE,
    eventCode: code,
    detail,
    date: date.toISOString(),
    ipAddress: view.ip,
    timezone: 3,
    userAgent: view.userAgent,
    login: null,
    additional_data: {
      appId: 'promo-landings',
      appVer: '1.0.0',
      sessionId: view.sessionId,
      host: 'www.example.com',
      eventSource: 'landing',
      imprintHash: view.imprintHash,
    },
  };
  return JSON.stringify({ receivedAt: new Date(date.getTime() + 180).toISOString(), topic: KAFKA_TOPIC, action: code, event });
}

/** Breaks a sound line the ways a real export can: cut short, an unknown code, no page-view id. */
function broken(random: Random, sound: string): string {
  const kind = random();
  if (kind < 0.4) return sound.slice(0, Math.floor(sound.length / 2));
  if (kind < 0.7) return sound.replace(/"action":"[a-z_]+"/, '"action":"click_banner_landing"');
  return sound.replace(/"pageViewId":"[a-z0-9]+",/, '');
}

/** The log's lines, one per event, `options.events` of them. */
export function* funnelLogLines(options: LogOptions): Generator<string> {
  if (!options.landings.length) throw new Error('no landings to spread the events over');
  const random = randomFrom(options.seed);
  const { traits, cumulative } = traitsOf(options.landings, random);
  const span = options.days * 24 * 3600 * 1000;
  // About 3.5 events a page view: enough views to spread the events evenly over the days.
  const viewsExpected = options.events / 3.5;
  const visitors: { sessionId: string; imprintHash: string | null; userAgent: string; ip: string }[] = [];
  let written = 0;
  let viewIndex = 0;
  while (written < options.events) {
    const landing = traits[pick(cumulative, random())];
    const returning = visitors.length > 0 && random() < 0.25;
    const visitor = returning
      ? visitors[Math.floor(random() * visitors.length)]
      : {
          sessionId: idOf(random, 26),
          imprintHash: random() < 0.85 ? idOf(random, 32) : null,
          userAgent: USER_AGENTS[Math.floor(random() * USER_AGENTS.length)],
          ip: `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`,
        };
    if (!returning) {
      if (visitors.length < 50_000) visitors.push(visitor);
      else visitors[Math.floor(random() * visitors.length)] = visitor;
    }
    const view: View = {
      landing,
      pageViewId: idOf(random, 20),
      ...visitor,
      time: options.start + Math.floor((viewIndex / viewsExpected) * span),
    };
    viewIndex += 1;
    // The split hashes the visitor's id, not a draw: the same visitor stays in one variant, and the draws stay as they were.
    const experiment = options.experiments?.find((entry) => entry.slug === landing.slug);
    const variantId = experiment && assignVariant(visitor.sessionId, experiment);
    const variant = experiment?.variants.find((entry) => entry.id === variantId);
    const keys = {
      pageViewId: view.pageViewId,
      brand: landing.brand,
      country: landing.country,
      slug: landing.slug,
      category: landing.category,
      ...(experiment && variant ? { experiment: experiment.id, variant: variant.id } : {}),
    };
    const events: { code: string; at: number; detail: Record<string, unknown> }[] = funnelOf(random, landing, variant?.pull).map(
      ({ code, method, at }) => ({
        code,
        at,
        detail:
          code === 'view_landing'
            ? {
                ...keys,
                partnerUid: random() < 0.3 ? idOf(random, 8) : null,
                sourceScreen: 'landing',
                language: landing.country,
                refer: '',
                type: landing.category,
                name: landing.slug,
              }
            : (FUNNEL_EVENT_CODES as readonly string[]).includes(code)
              ? { ...keys, method }
              : keys,
      }),
    );
    if (random() < 0.9)
      events.push({
        code: 'web_vitals',
        at: events[events.length - 1].at + 5 + Math.floor(random() * 60),
        detail: { ...keys, ...vitalsOf(random, landing) },
      });
    for (const event of events) {
      if (written >= options.events) break;
      const sound = line(view, event.code, event.at, event.detail);
      yield random() < options.badShare ? broken(random, sound) : sound;
      written += 1;
    }
  }
}
