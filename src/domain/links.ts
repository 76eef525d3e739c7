/** Links from a landing into the main site (spec 2 "Links to the main site"). */
export type Brand = 'zenit' | 'zenbet' | 'cupis';
export type Device = 'mobile' | 'desktop';

export interface LinkContext {
  brand: Brand;
  language: string;
  device: Device;
  /** The main site's id of the page's country and language (spec 7 lang_id). */
  countryId: number;
  langId: number;
  /** The landing's own code from the promo table: used when the visitor brought none. */
  defaultPromoCode: string;
  /** A promo code the visitor arrived with (spec 4): wins over the default. */
  promoCode?: string | null;
}

export interface MatchEvent {
  sport: string;
  leagueId: number | string;
  leagueSlug: string;
  eventId: number | string;
  team1: string;
  team2: string;
}

/** The main site's fixed pages a landing links to (spec 2). */
export const MAIN_SITE_PAGES = [
  'home',
  'login',
  'registration',
  'support',
  'feedback',
  'recovery',
  'android',
  'ios',
  'androidDownload',
  'windowsDownload',
] as const;

export type MainSiteTarget = (typeof MAIN_SITE_PAGES)[number] | { casinoGame: string } | { match: MatchEvent };

/**
 * encodeURIComponent for one path segment, except that a lone surrogate (malformed UTF-16, which a
 * JSON answer can carry) becomes U+FFFD, as URLSearchParams does, instead of throwing URIError.
 */
export function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (unit) => (unit.length === 2 ? unit : '\uFFFD')),
  );
}

/** Mobile pages live under /m; zenbet also puts the language in front of its pages. */
export function mainSitePrefix(brand: Brand, language: string, device: Device): string {
  return `${device === 'mobile' ? '/m' : ''}${brand === 'zenbet' && language ? `/${encodeSegment(language)}` : ''}`;
}

/** Lower-case, ASCII, hyphen-separated: how the main site writes league and team names in match URLs. */
export function urlSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9а-яё]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface Route {
  path: string;
  /** Desktop opens login and registration as forms over the main page, flagged in the query. */
  desktopFlag?: 'login_form' | 'reg_form' | 'regForm' | 'pass_forgot';
}

function route(target: MainSiteTarget, ctx: LinkContext): Route {
  const prefix = mainSitePrefix(ctx.brand, ctx.language, ctx.device);
  const mobile = ctx.device === 'mobile';
  const seg = encodeSegment;
  if (typeof target === 'object') {
    if ('casinoGame' in target) return { path: `${prefix}/casino/${seg(target.casinoGame)}` };
    const m = target.match;
    return {
      path:
        `${prefix}/line/${seg(m.sport)}/${seg(String(m.leagueId))}_${seg(urlSlug(m.leagueSlug))}` +
        `/${seg(String(m.eventId))}_${seg(urlSlug(m.team1))}-${seg(urlSlug(m.team2))}`,
    };
  }
  switch (target) {
    case 'home':
      return { path: `${prefix}/` };
    case 'login':
      return mobile ? { path: `${prefix}/login` } : { path: `${prefix}/`, desktopFlag: 'login_form' };
    case 'registration':
      if (mobile) return { path: `${prefix}/registration${ctx.brand === 'cupis' ? '' : '/phone'}` };
      if (ctx.brand === 'zenbet') return { path: `${prefix}/registration` };
      return { path: `${prefix}/`, desktopFlag: ctx.brand === 'cupis' ? 'regForm' : 'reg_form' };
    case 'support':
      return { path: `${prefix}/company/support` };
    case 'feedback':
      return { path: `${prefix}/feedback` };
    case 'recovery':
      return mobile ? { path: '/m/recovery' } : { path: '/', desktopFlag: 'pass_forgot' };
    case 'android':
      return { path: '/mobile_app/android' };
    case 'ios':
      return { path: `${ctx.brand === 'zenbet' && ctx.language ? `/${seg(ctx.language)}` : ''}/application/ios` };
    case 'androidDownload':
      return { path: '/ajax/mobile_app/download/' };
    case 'windowsDownload':
      return { path: '/ajax/windows_app/download' };
  }
}

/**
 * Adds the parameters every main-site link carries; an existing promo_code is kept (spec 2).
 * The desktop form flags go first and bare (?login_form), as the main site reads them.
 */
export function withLandingParams(path: string, ctx: LinkContext, flag?: string): string {
  const [base, query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  const flags = flag && ctx.device === 'desktop' ? [flag] : [];
  if (!params.get('promo_code')) params.set('promo_code', ctx.promoCode || ctx.defaultPromoCode);
  params.set('country_id', String(ctx.countryId));
  params.set('lang_id', String(ctx.langId));
  params.set('sourceScreen', 'landing');
  const encoded = params.toString().replace(/\+/g, '%20');
  return `${base}?${[...flags, encoded].join('&')}`;
}

export function mainSiteLink(target: MainSiteTarget, ctx: LinkContext): string {
  const { path, desktopFlag } = route(target, ctx);
  return withLandingParams(path, ctx, desktopFlag);
}
