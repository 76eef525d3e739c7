/**
 * Checks the built site in public/ against the tables in data/: run after `npm run build`.
 * Expectations are read from the raw tables, not from the code that made the pages.
 */
import fs from 'node:fs';
import path from 'node:path';

import { deferredBundle } from '../../gatsby/post-build/deferred-bundle';
import { CHUNK_GLOBAL } from '../../src/early/chunk-tasks';
import { COMPILE_HINT } from '../../gatsby/webpack/compile-hint';
import { THEMES } from '../../src/styles/themes';
import { promotionRows } from '../fixtures/promotion-rows';
const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');
/** A table as marketers wrote it, less the "$schema" pointer for editors. */
const readJson = (file: string) => {
  const { $schema: _schema, ...table } = JSON.parse(fs.readFileSync(path.join(root, 'data', file), 'utf8'));
  return table;
};

const brands: Record<string, { countries: string[] }> = readJson('brands.json');
const slugs: Record<string, { countries?: string[] }> = readJson('slugs.json');
const rows: { brand: string; country: string; slug: string; date: string; redirect_to?: string }[] = promotionRows();

const expected = Object.entries(brands).flatMap(([brand, { countries }]) =>
  countries.flatMap((country) =>
    Object.entries(slugs)
      .filter(([, spec]) => !spec.countries || spec.countries.includes(country))
      .map(([slug]) => `${brand}/${country}/${slug}`),
  ),
);

function builtLandings(): string[] {
  const found: string[] = [];
  for (const brand of fs.readdirSync(publicDir)) {
    if (!(brand in brands)) continue;
    for (const country of fs.readdirSync(path.join(publicDir, brand))) {
      for (const slug of fs.readdirSync(path.join(publicDir, brand, country))) {
        if (fs.existsSync(path.join(publicDir, brand, country, slug, 'index.html'))) found.push(`${brand}/${country}/${slug}`);
      }
    }
  }
  return found;
}

const html = (page: string) => fs.readFileSync(path.join(publicDir, page, 'index.html'), 'utf8');
/** The script files a page's loader asks for after its first frame (gatsby/post-build/deferred-bundle.ts), as names in public/. */
const scriptFiles = (page: string) => deferredBundle(html(page)).map(([src]) => src.replace(/^\/promo\//, ''));
const pageData = (page: string) => JSON.parse(fs.readFileSync(path.join(publicDir, 'page-data', page, 'page-data.json'), 'utf8'));

beforeAll(() => {
  if (!fs.existsSync(path.join(publicDir, 'index.html'))) throw new Error('public/ is missing: run `npm run build` first');
});

describe('the built pages match the tables', () => {
  test('every landing of the tables is built, and nothing else', () => {
    expect(builtLandings().sort()).toEqual([...expected].sort());
    expect(expected).toHaveLength(720);
  });

  test.each(expected)('%s has its page-data.json with its own path', (page) => {
    expect(pageData(page).path).toBe(`/${page}/`);
  });

  test('zenbet has no tm or ua pages, zenit has both', () => {
    const built = builtLandings();
    expect(built.filter((page) => /^zenbet\/(tm|ua)\//.test(page))).toEqual([]);
    expect(built).toEqual(expect.arrayContaining(['zenit/tm/bonus20000', 'zenit/ua/bonus20000']));
  });

  test('quiz is built for ru only, in every brand that has ru', () => {
    expect(
      builtLandings()
        .filter((page) => page.endsWith('/quiz'))
        .sort(),
    ).toEqual(['cupis/ru/quiz', 'zenbet/ru/quiz', 'zenit/ru/quiz']);
  });

  test('the bonus35000 variants exist only in br (betgold) and de (eaglebet)', () => {
    const variants = builtLandings()
      .filter((page) => page.includes('bonus35000_'))
      .sort();
    expect(variants).toEqual([
      'zenbet/br/bonus35000_betgold',
      'zenbet/de/bonus35000_eaglebet',
      'zenit/br/bonus35000_betgold',
      'zenit/de/bonus35000_eaglebet',
    ]);
  });

  test('cupis is ru only', () => {
    expect(builtLandings().filter((page) => page.startsWith('cupis/') && !page.startsWith('cupis/ru/'))).toEqual([]);
  });
});

describe('expired landings redirect', () => {
  const now = Date.now();
  const endOf = (date: string) => Date.parse(`${date}T21:00:00Z`);
  const expired = rows.filter((row) => endOf(row.date) <= now);

  test('the tables hold expired landings to check', () => {
    expect(expired.length).toBeGreaterThan(10);
  });

  test.each(expired.map((row) => [`${row.brand}/${row.country}/${row.slug}`, row] as const))(
    '%s sends the visitor on without waiting for JavaScript',
    (page, row) => {
      const target = row.redirect_to ?? `/${row.brand}/${row.country}/freebet30/`;
      const prefixed = target === '/' ? '/promo/' : `/promo${target}`;
      expect(html(page)).toContain(`<meta http-equiv="refresh" content="0; url=${prefixed}"`);
      expect(pageData(page).result.pageContext.promotion.expiryTarget).toBe(target);
    },
  );

  test('the host gets every expired landing as a 302 in _redirects.json and the nginx map', () => {
    const redirects: { from: string; to: string; status: number }[] = JSON.parse(
      fs.readFileSync(path.join(publicDir, '_redirects.json'), 'utf8'),
    );
    expect(redirects.map((r) => r.from).sort()).toEqual(expired.map((row) => `/promo/${row.brand}/${row.country}/${row.slug}/`).sort());
    expect(redirects).toContainEqual({
      from: '/promo/zenit/de/welcome_bonus_casino25/',
      to: '/promo/zenit/de/welcome_bonus_casino/',
      status: 302,
    });
    expect(redirects).toContainEqual({ from: '/promo/cupis/ru/US-Open/', to: '/promo/', status: 302 });
    const map = fs.readFileSync(path.join(publicDir, '_redirects.nginx.map'), 'utf8');
    expect(map).toContain('/promo/zenit/ru/US-Open/ /promo/zenit/ru/freebet35/;');
    expect(map).toContain('/promo/zenit/ru/US-Open /promo/zenit/ru/freebet35/;');
    expect(map).toContain('/promo/zenit/ru/US-Open/index.html /promo/zenit/ru/freebet35/;');
  });

  test('cupis US-Open goes to the site root', () => {
    expect(html('cupis/ru/US-Open')).toContain('content="0; url=/promo/"');
  });

  test('an open landing has no refresh', () => {
    expect(html('zenit/ru/bonus20000')).not.toContain('http-equiv="refresh"');
  });
});

describe("each market's notices (data/markets/)", () => {
  type Market = {
    notices?: {
      place: 'offer' | 'footer';
      age?: number;
      lines?: string[];
      helpline?: { name: string; phone: string; site: string };
      operator?: { brands: Record<string, { name: string; licence?: string }> };
    };
  };
  const markets: Record<string, Market> = Object.fromEntries(
    fs.readdirSync(path.join(root, 'data/markets')).map((file) => [file.replace(/\.json$/, ''), readJson(`markets/${file}`)]),
  );
  const texts = (country: string): Record<string, string> => readJson(`i18n/${country}.json`);
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

  /** What the tables say a landing shows: where, and each line's text, written out here from the tables alone. */
  function wanted(page: string): { place: string; lines: string[] } {
    const [brand, country] = page.split('/');
    const notices = markets[country].notices;
    const t = texts(country);
    const age = fill(t['notice.age'], { age: notices?.age ?? 18 });
    if (!notices) return { place: 'footer', lines: [`age: ${age}`] };
    const helpline = notices.helpline;
    const values: Record<string, string> = helpline
      ? { name: helpline.name, phone: helpline.phone, site: helpline.site.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '') }
      : {};
    const operator = notices.operator?.brands[brand];
    return {
      place: notices.place,
      lines: [
        `age: ${age}`,
        ...(notices.lines ?? []).map((line) => `${line}: ${fill(t[`notice.${line}`], values)}`),
        ...(operator
          ? [
              `operator: ${
                operator.licence
                  ? fill(t['notice.operatorLicence'], { operator: operator.name, licence: operator.licence })
                  : fill(t['notice.operator'], { operator: operator.name })
              }`,
            ]
          : []),
      ],
    };
  }

  const decode = (text: string) =>
    text
      .replace(/<!--.*?-->/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');

  /** The notices as the built HTML holds them: each block's place, and its lines with their kinds. */
  function shown(page: string): { place: string; lines: string[] } {
    const body = html(page);
    const places = [...body.matchAll(/data-notices="(\w+)"/g)].map((match) => match[1]);
    expect(places).toHaveLength(1);
    const lines = [...body.matchAll(/<p data-notice="(\w+)"[^>]*>(.*?)<\/p>/g)].map((match) => `${match[1]}: ${decode(match[2])}`);
    return { place: places[0], lines };
  }

  test('the sample markets are what the regulators ask for: de, fr and br beside the offer, the others with the age line', () => {
    expect(wanted('zenit/de/bonus20000').place).toBe('offer');
    expect(wanted('zenbet/fr/bonus20000').lines).toContain(
      'health: Jouer comporte des risques : endettement, isolement, dépendance. Pour être aidé, appelez le 09 74 75 13 13 (appel non surtaxé) – Joueurs Info Service, joueurs-info-service.fr.',
    );
    expect(wanted('zenbet/br/bonus20000').lines).toEqual([
      'age: 18+. Proibido para menores de 18 anos.',
      'risk: Jogos de apostas podem causar dependência. Jogue com responsabilidade.',
      'operator: Operador: ZenBet.',
    ]);
    expect(wanted('zenit/ru/bonus20000')).toEqual({
      place: 'footer',
      lines: ['age: 18+. Участие в азартных играх запрещено лицам младше 18 лет.'],
    });
  });

  test.each(expected)("%s carries exactly its market's notices, where its table puts them", (page) => {
    expect(shown(page)).toEqual(wanted(page));
  });

  test('beside the offer means right after it, before the rest of the page; in the footer means inside it', () => {
    const offerBlock = /<\/section><aside[^>]*data-notices="offer"/;
    expect(html('zenit/de/bonus20000')).toMatch(offerBlock);
    expect(html('zenbet/fr/freebet30')).toMatch(offerBlock);
    const footer = /<footer[\s\S]*data-notices="footer"[\s\S]*<\/footer>/;
    expect(html('zenit/ru/bonus20000')).toMatch(footer);
    expect(html('zenbet/ae/bonus30000')).toMatch(footer);
  });
});

describe('pages speak their language', () => {
  const title = (page: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html(page))?.[1] ?? '';

  test.each([
    ['zenit/ru/bonus20000', 'ru', 'ltr'],
    ['zenit/ae/bonus20000', 'ar-AE', 'rtl'],
    ['zenbet/ir/freebet30', 'fa', 'rtl'],
    ['zenit/kz/freebet30', 'kk', 'ltr'],
    ['zenbet/br/bonus35000_betgold', 'pt-BR', 'ltr'],
    ['zenit/ua/people', 'uk', 'ltr'],
  ])('%s has <html lang="%s" dir="%s">', (page, lang, dir) => {
    expect(html(page)).toMatch(new RegExp(`<html lang="${lang}" dir="${dir}"`));
  });

  test('no landing outside en carries the English title of its landing', () => {
    const same = expected.filter((page) => {
      const [brand, country, slug] = page.split('/');
      return country !== 'en' && fs.existsSync(path.join(publicDir, brand, 'en', slug)) && title(page) === title(`${brand}/en/${slug}`);
    });
    expect(same).toEqual([]);
  });

  test("hreflang alternates name the same landing in the brand's other languages, never one already over", () => {
    const page = html('zenit/ru/bonus20000');
    expect(page).toContain('hrefLang="kk" href="https://zenit.win/promo/zenit/kz/bonus20000/"');
    expect(page).toContain('hrefLang="ar-AE" href="https://zenit.win/promo/zenit/ae/bonus20000/"');
    expect(html('zenit/ru/welcome_bonus_casino25')).not.toContain('/zenit/de/welcome_bonus_casino25/');
    expect(html('zenit/ru/welcome_bonus_casino25')).toContain('/zenit/tr/welcome_bonus_casino25/');
  });

  test('every landing holds its head in the HTML, once: title, description, canonical, Open Graph', () => {
    const wrong = builtLandings().filter((page) => {
      const head = html(page).split('</head>')[0];
      const count = (pattern: RegExp) => (head.match(pattern) ?? []).length;
      return (
        count(/<title/g) !== 1 ||
        count(/<meta name="description"/g) !== 1 ||
        count(/rel="canonical" href="https:\/\/zenit\.win\/promo\//g) !== 1 ||
        count(/property="og:title"/g) !== 1
      );
    });
    expect(wrong).toEqual([]);
  });

  test('main-site links carry the landing promo code, country and language ids', () => {
    const page = html('zenit/kz/bonus20000');
    expect(page).toContain('href="/m/registration/phone?promo_code=');
    expect(page).toMatch(/country_id=398&amp;lang_id=1&amp;sourceScreen=landing/);
  });
});

describe('words made at build, where browsers lack the locale data', () => {
  const names = (language: string) => JSON.parse(fs.readFileSync(path.join(publicDir, 'names', `${language}.json`), 'utf8'));

  test('country names in every page language, Kazakh and Turkmen included', () => {
    expect(names('kz').regions.KZ).toBe('Қазақстан');
    expect(names('tm').regions.TM).toBe('Türkmenistan');
    expect(names('uz').regions.UZ).toBe('Oʻzbekiston');
    expect(names('ae').regions.AE).toMatch(/\p{Script=Arabic}/u);
  });

  test('currency names in every page language, by the main site ids of data/offers.json', () => {
    expect(names('ae').currencies['9']).toBe('درهم إماراتي');
    expect(names('kz').currencies['4']).toBe('Қазақстан теңгесі');
    expect(names('br').currencies['6']).toBe('Real brasileiro');
    expect(names('ru').currencies['2']).toBe('Доллар США');
    expect(names('fr').currencies['3']).toBe('Euro');
    const ids = [
      ...new Set(
        Object.values(readJson('offers.json') as Record<string, { currencyId?: number }>).flatMap((offer) => offer.currencyId ?? []),
      ),
    ];
    expect(ids.length).toBeGreaterThan(10);
    for (const language of ['ae', 'bn', 'br', 'de', 'en', 'fr', 'ir', 'kz', 'mx', 'ru', 'sw', 'tm', 'tr', 'ua', 'uz', 'vi'])
      expect(Object.keys(names(language).currencies).sort()).toEqual(ids.map(String).sort());
  });

  test('a Kazakh page carries its amount, countdown words and plural rule in Kazakh', () => {
    const context = pageData('zenit/kz/tvshows').result.pageContext;
    expect(context.formats.amount).toMatch(/₸/);
    expect(context.formats.countdown.day.other).toBe('күн');
    // Kazakh has "one" and "other" only, where Russian would also have "few" and "many".
    expect(new Set(context.formats.figures.plural)).toEqual(new Set(['o', 'x']));
    expect(context.formats.figures.digits.join('')).toBe('0123456789');
  });

  test('a Persian page writes figures in Persian digits and dates in the Solar Hijri calendar', () => {
    const { figures } = pageData('zenit/ir/freebet30').result.pageContext.formats;
    expect(figures.digits.join('')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(figures.calendar).toBe('persian');
  });
});

describe('index and 404', () => {
  test('/promo/ lists every brand language by its own name and links to its landing', () => {
    const index = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
    expect(index).toContain('href="/promo/zenit/kz/freebet30/"');
    expect(index).toContain('Қазақ');
    expect(index).toContain('href="/promo/zenbet/br/freebet30/"');
    expect(index).not.toContain('id="preloader"');
  });

  test('the 404 page exists with its texts for every language', () => {
    expect(fs.existsSync(path.join(publicDir, '404.html'))).toBe(true);
    const data = JSON.parse(fs.readFileSync(path.join(publicDir, 'page-data', '404.html', 'page-data.json'), 'utf8'));
    expect(Object.keys(data.result.pageContext.languages).sort()).toEqual(Object.keys(readJson('languages.json').languages).sort());
  });
});

describe('the app screenshot', () => {
  const i18n = (lang: string) => JSON.parse(fs.readFileSync(path.join(root, 'data', 'i18n', `${lang}.json`), 'utf8'));

  test.each([
    ['zenit/ru/bonus20000', 'zenit', 'ru'],
    ['zenbet/ae/freebet30', 'zenbet', 'ae'],
    ['cupis/ru/freebet30', 'cupis', 'ru'],
  ])("%s shows its brand's app as WebP with a fallback, its box reserved, described in the page language", (page, brand, lang) => {
    // The hero creative's picture comes first; the app's is the one of its brand's screenshot.
    const picture = [...html(page).matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((match) => match[1]).find((p) => p.includes('app-'));
    expect(picture).toBeDefined();
    const webp = /<source type="image\/webp" srcSet="([^"]+)"/.exec(picture!)?.[1] ?? '';
    const img = /<img ([^>]+)>/.exec(picture!)?.[1] ?? '';
    const files = [...webp.split(','), /srcSet="([^"]+)"/.exec(img)?.[1] ?? '']
      .flatMap((entry) => entry.split(','))
      .map((entry) => entry.trim().split(' ')[0])
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      expect(file).toContain(`app-${brand}`);
      expect(fs.existsSync(path.join(publicDir, file.replace(/^\/promo\//, '')))).toBe(true);
    }
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    expect(img).toContain('loading="lazy"');
    const brandName = JSON.parse(fs.readFileSync(path.join(root, 'data', 'brands.json'), 'utf8'))[brand].name as string;
    const alt = (i18n(lang)['apps.imageAlt'] as string).replace('{brand}', brandName);
    expect(img).toContain(`alt="${alt.replace(/"/g, '&quot;')}"`);
  });
});

describe('the hero creative (issue 13)', () => {
  const slugTable: Record<string, { offer: string; creative?: string }> = readJson('slugs.json');
  /** What a marketer expects each offer to lead with when the tables name no creative. */
  const FAMILY: Record<string, string> = {
    sportBonus: 'sport-bonus',
    freebet: 'free-bet',
    casinoBonus: 'casino',
    slots: 'casino',
    spins: 'casino',
    betgames: 'casino',
    tvshows: 'casino',
    android: 'app',
    applications: 'app',
    quiz: 'quiz',
  };
  const rtl: string[] = readJson('languages.json').rtl;
  const rowOf = (page: string) =>
    rows.find((row) => `${row.brand}/${row.country}/${row.slug}` === page) as { creative?: string } | undefined;

  function hero(page: string) {
    const text = html(page);
    const start = text.indexOf('data-hero=""');
    const frame = text.slice(text.lastIndexOf('<div', start), text.indexOf('</picture>', start) + '</picture>'.length);
    const sources = [...frame.matchAll(/<source type="([^"]+)"(?: media="([^"]+)")? srcSet="([^"]+)" sizes="([^"]+)"/g)].map((m) => ({
      type: m[1],
      media: m[2] ?? null,
      srcSet: m[3],
      sizes: m[4],
    }));
    const img = /<img ([^>]+)>/.exec(frame)?.[1] ?? '';
    return { text, start, frame, sources, img };
  }
  const files = (srcSet: string) => srcSet.split(',').map((entry) => entry.trim().split(' ')[0]);

  test.each(expected)('%s: a hero <picture> with AVIF and WebP sources before the offer and the form', (page) => {
    const { text, start, sources, img } = hero(page);
    expect(start).toBeGreaterThan(-1);
    expect(start).toBeLessThan(text.indexOf('id="offer"'));
    expect(text.indexOf('id="offer"')).toBeLessThan(text.indexOf('id="registration"'));
    expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    // The AVIF for wide and dense screens only; an upright phone of fewer device pixels decodes the WebP.
    expect(sources.map((source) => source.media)).toEqual(['(min-width: 600px), (min-resolution: 2dppx)', null]);
    expect(img).toMatch(/fetchPriority="high"/i);
    expect(img).toContain('width="1080"');
    expect(img).toContain('height="540"');
    expect(img).not.toContain('loading="lazy"');
  });

  test.each(expected)('%s: the creative the tables choose, every file of it built', (page) => {
    const [brand, country, slug] = page.split('/');
    const named = rowOf(page)?.creative ?? slugTable[slug].creative;
    const name = named ? named.replace(/\.[a-z]+$/i, '') : `hero-${brand}-${FAMILY[slugTable[slug].offer] ?? 'information'}`;
    const { frame, sources, img } = hero(page);
    const all = [...sources.flatMap((source) => files(source.srcSet)), ...files(/srcSet="([^"]+)"/.exec(img)?.[1] ?? '')];
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const file of all) {
      expect(path.basename(file).replace(/\.[a-z]+$/, '')).toBe(path.basename(name));
      expect(fs.existsSync(path.join(publicDir, file.replace(/^\/promo\//, '')))).toBe(true);
    }
    // Only a default that moves one way is mirrored, and only on right-to-left pages.
    expect(frame.includes('data-mirrored')).toBe(!named && rtl.includes(country) && FAMILY[slugTable[slug].offer] === 'sport-bonus');
  });

  test('phones and desktops find their widths: WebP and JPEG at 720 and 1080 px, AVIF at 1080 px, sized to the column', () => {
    const { sources, img } = hero('zenit/ru/bonus20000');
    const widths = (srcSet: string) => srcSet.split(',').map((entry) => entry.trim().split(' ')[1]);
    expect(widths(sources[0].srcSet)).toEqual(['1080w']);
    expect(widths(sources[1].srcSet)).toEqual(['720w', '1080w']);
    expect(widths(/srcSet="([^"]+)"/.exec(img)![1])).toEqual(['720w', '1080w']);
    expect(sources.every((source) => source.sizes === '(min-width: 960px) 928px, calc(100vw - 32px)')).toBe(true);
  });

  test('a phone downloads a few kilobytes for it: every AVIF and the 720 px WebP of every creative under 20 KB', () => {
    const built = expected.flatMap((page) => {
      const { sources } = hero(page);
      return [...files(sources[0].srcSet), files(sources[1].srcSet)[0]];
    });
    for (const file of new Set(built))
      expect(fs.statSync(path.join(publicDir, file.replace(/^\/promo\//, ''))).size).toBeLessThan(20 * 1024);
  });

  test('the placeholder is a tiny blurred picture inline, shown until the picture paints', () => {
    const { frame } = hero('cupis/ru/quiz');
    const placeholder = /background-image:url\(&quot;(data:image\/webp;base64,[^&]+)&quot;\)/.exec(frame)?.[1] ?? '';
    expect(placeholder.length).toBeGreaterThan(50);
    expect(placeholder.length).toBeLessThan(1500);
  });

  test('the placeholder fade runs from the page itself, without the bundle', () => {
    expect(html('zenit/ru/bonus20000')).toMatch(/<script>document\.querySelectorAll\("\[data-hero\]"\)/);
  });
});

describe('the preloader', () => {
  test.each(['zenit/ru/bonus20000', 'zenbet/ae/bonus30000', 'cupis/ru/freebet30'])(
    '%s shows its icons written into the page, holding no animation of their own, so its motion never repaints on the main thread',
    (page) => {
      const overlay = /<div id="preloader"[\s\S]*?<\/div>/.exec(html(page))?.[0] ?? '';
      const icons = [...overlay.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((match) => match[0]);
      expect(icons.length).toBeGreaterThan(0);
      for (const icon of icons) expect(icon).not.toMatch(/@keyframes|<animate|<style/);
    },
  );
});

describe('images a landing fetches before the visitor scrolls', () => {
  test('are never SVG documents: the icons are in the HTML, the payment logos below wait for the scroll (loading="lazy")', () => {
    const problems = builtLandings().flatMap((page) => {
      const source = html(page);
      const eagerSvgImages = [...source.matchAll(/<img\b[^>]*>/g)]
        .map((match) => match[0])
        .filter((tag) => /\ssrc="[^"]+\.svg"/.test(tag) && !/\sloading="lazy"/.test(tag));
      const cssSvgImages = source.match(/url\([^)]*\.svg[^)]*\)/g) ?? [];
      return [...eagerSvgImages, ...cssSvgImages].map((what) => `${page}: ${what}`);
    });
    expect(problems).toEqual([]);
  });
});

describe("the first load's libraries are compiled as they download (gatsby/webpack/compile-hint.ts)", () => {
  test("a landing's framework and app files begin with V8's compile hint; its other files do not", () => {
    const files = scriptFiles('zenbet/ae/bonus30000');
    const firstLine = (file: string) => fs.readFileSync(path.join(publicDir, file), 'utf8').split('\n', 1)[0];
    const hinted = files.filter((file) => `${firstLine(file)}\n` === COMPILE_HINT);
    expect(hinted.map((file) => file.replace(/-[0-9a-f]+\.js$/, ''))).toEqual(['framework', 'app']);
  });
});

describe("Gatsby's Partytown hook stays out of the browser (src/runtime/no-partytown.ts)", () => {
  test("no script a landing loads carries Partytown's snippet or service worker code", () => {
    const files = scriptFiles('zenit/ru/bonus20000');
    expect(files.length).toBeGreaterThan(2);
    const carrying = files.filter((file) =>
      /partytown-sw\.js|partytown-sandbox-sw/.test(fs.readFileSync(path.join(publicDir, file), 'utf8')),
    );
    expect(carrying).toEqual([]);
  });
});

describe('the first load carries no styling library (issue 12)', () => {
  // styled-components writes its version into this attribute; no other library the pages load does.
  const STYLED_MARK = 'data-styled-version';
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8'));
  const landingFiles = (stats.namedChunkGroups['component---src-templates-landing-tsx'].assets as Array<{ name: string }>).map(
    (asset) => asset.name,
  );
  const carries = (file: string) => fs.readFileSync(path.join(publicDir, file), 'utf8').includes(STYLED_MARK);

  test("neither the page's script files nor the landing template's chunks hold styled-components; a part that comes later does", () => {
    const firstLoad = [...scriptFiles('zenbet/ae/bonus30000'), ...landingFiles];
    expect(firstLoad.length).toBeGreaterThan(3);
    expect(firstLoad.filter(carries)).toEqual([]);
    const later = Object.values(stats.namedChunkGroups as Record<string, { assets: Array<{ name: string }> }>)
      .flatMap((group) => group.assets.map((asset) => asset.name))
      .filter((file) => file.endsWith('.js') && !firstLoad.includes(file));
    expect(later.some(carries)).toBe(true);
  });

  test("every landing's stylesheet begins with the plain components' rules and gives its brand's colours to <html>", () => {
    for (const page of builtLandings()) {
      const sheet = /<style data-built-styles="">([^<]*)<\/style>/.exec(html(page))?.[1] ?? '';
      expect(sheet.startsWith('.button-link{')).toBe(true);
      expect(sheet).toContain('.page-section{');
      const theme = THEMES[page.split('/')[0] as keyof typeof THEMES];
      expect(sheet).toContain(`--promo-accent:${theme.accent};`);
      expect(sheet).toContain(`--promo-background:${theme.background};`);
      expect(sheet).not.toMatch(/undefined|\[object Object\]/);
    }
  });
});

describe('Core Web Vitals come after the first load (src/tracking/vitals.ts)', () => {
  // The entry type web-vitals observes for LCP: no other code the pages load names it.
  const VITALS_MARK = 'largest-contentful-paint';
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8'));
  const chunkFiles = (group: string) =>
    (stats.namedChunkGroups[group].assets as Array<{ name: string }>).map((asset) => asset.name).filter((file) => file.endsWith('.js'));
  const carries = (file: string) => fs.readFileSync(path.join(publicDir, file), 'utf8').includes(VITALS_MARK);

  test("no file of a landing's first load holds web-vitals; the chunk fetched with the tracker at idle does", () => {
    for (const page of ['zenit/ru/bonus20000', 'zenbet/ae/bonus30000', 'cupis/ru/freebet30']) {
      const firstLoad = [...scriptFiles(page), ...chunkFiles('component---src-templates-landing-tsx')];
      expect(firstLoad.length).toBeGreaterThan(3);
      expect(firstLoad.filter(carries)).toEqual([]);
    }
    expect(chunkFiles('web-vitals').some(carries)).toBe(true);
  });
});

describe('the start-up split in tasks (src/early/chunk-tasks.ts)', () => {
  test('webpack keeps its chunks in the array the first-screen script watches, and every landing runs that script', () => {
    const runtimeFile = scriptFiles('zenit/ru/bonus20000').find((file) => file.startsWith('webpack-runtime-'));
    expect(runtimeFile).toBeDefined();
    const runtime = fs.readFileSync(path.join(publicDir, runtimeFile!), 'utf8');
    expect(runtime).toMatch(new RegExp(`self\\.${CHUNK_GLOBAL}=`));
    const without = builtLandings().filter((page) => !html(page).includes('promoEarly.startEarly('));
    expect(without).toEqual([]);
  });
});

describe("gatsby-plugin-image's GatsbyImage helpers (gatsby-ssr.tsx)", () => {
  test('no page carries them, and no page renders GatsbyImage markup that would need them', () => {
    const pages = [...builtLandings(), '.', '404'];
    const withHelpers = pages.filter((page) => /gatsby-image-wrapper|HTMLImageElement/.test(html(page).replace(/<body[\s\S]*$/, '')));
    const withGatsbyImage = pages.filter((page) => /data-gatsby-image-wrapper|data-main-image/.test(html(page)));
    expect(withHelpers).toEqual([]);
    expect(withGatsbyImage).toEqual([]);
  });
});

describe('the favicon', () => {
  test('every page names its brand PNG icons, which the build holds, and no SVG icon (a document of its own on the main thread)', () => {
    const brandOf = (page: string) => page.split('/')[0];
    const problems = [...builtLandings(), '.', '404'].flatMap((page) => {
      const file = page === '404' ? path.join(publicDir, '404.html') : path.join(publicDir, page, 'index.html');
      const source = fs.readFileSync(file, 'utf8');
      const icons = [...source.matchAll(/<link rel="(icon|apple-touch-icon)"[^>]*href="\/promo(\/favicons\/[^"]+)"/g)].map(
        (match) => match[2],
      );
      const brand = page === '.' || page === '404' ? 'zenit' : brandOf(page);
      const wanted = [`/favicons/${brand}-32.png`, `/favicons/${brand}-180.png`];
      const missing = wanted.filter((icon) => !icons.includes(icon) || !fs.existsSync(path.join(publicDir, icon)));
      const svg = /<link rel="icon"[^>]*\.svg"/.test(source);
      return [...missing.map((icon) => `${page}: ${icon}`), ...(svg ? [`${page}: an SVG icon`] : [])];
    });
    expect(problems).toEqual([]);
  });
});
