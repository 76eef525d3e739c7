/** gatsby-node is the site's table of contents: it makes one page per landing or stops the build. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type CreatePages = (args: unknown) => Promise<void>;

// The build keeps its pictures in the checkout's .cache for the editor's preview: these made-up ones
// must not replace a real build's there.
jest.mock('../../gatsby/page-context/built-pictures', () => ({
  ...jest.requireActual('../../gatsby/page-context/built-pictures'),
  writeBuiltPictures: jest.fn(),
}));

/** What gatsby-plugin-image's resolver answers for two of the brands' screenshots. */
function pictureNode(brand: string) {
  const base = `/promo/static/${brand}/app-${brand}`;
  return {
    name: `app-${brand}`,
    childImageSharp: {
      gatsbyImageData: {
        width: 220,
        height: 440,
        layout: 'constrained',
        images: {
          sources: [{ type: 'image/webp', srcSet: `${base}.webp 220w`, sizes: '(min-width: 220px) 220px, 100vw' }],
          fallback: { src: `${base}.png`, srcSet: `${base}.png 220w`, sizes: '(min-width: 220px) 220px, 100vw' },
        },
      },
    },
  };
}
const PICTURE_NODES = [pictureNode('zenit'), pictureNode('zenbet')];

/** What the resolver answers for a hero creative: its AVIF call and its WebP/JPEG call. */
function heroImage(name: string) {
  const data = (types: string[]) => ({
    width: 1080,
    height: 540,
    layout: 'constrained',
    placeholder: { fallback: `data:image/webp;base64,${name}` },
    images: {
      sources: types.map((type) => ({ type, srcSet: `/promo/static/x/${name}.${type.split('/')[1]} 1080w`, sizes: '100vw' })),
      fallback: { src: `/promo/static/x/${name}.jpg`, srcSet: `/promo/static/x/${name}.jpg 1080w`, sizes: '100vw' },
    },
  });
  return { avif: data(['image/avif']), picture: data(['image/webp']) };
}
const BRANDS = ['zenit', 'zenbet', 'cupis'];
const FAMILIES = ['sport-bonus', 'free-bet', 'casino', 'app', 'quiz', 'information'];

function runCreatePages(dataDir?: string, heroNames = BRANDS.flatMap((brand) => FAMILIES.map((family) => `hero-${brand}-${family}`))) {
  const created: { path: string; context: Record<string, unknown> }[] = [];
  const redirects: { fromPath: string; toPath: string }[] = [];
  const reporter = {
    panic: jest.fn((message: string) => {
      throw new Error(`panic: ${message}`);
    }),
    warn: jest.fn(),
    info: jest.fn(),
    verbose: jest.fn(),
  };
  let run!: Promise<void>;
  jest.isolateModules(() => {
    process.env.PROMO_DATA_DIR = dataDir ?? '';
    if (!dataDir) delete process.env.PROMO_DATA_DIR;
    process.env.BUILD_DATE = '2026-11-22';
    const { createPages } = require('../../gatsby-node') as { createPages: CreatePages };
    run = createPages({
      actions: {
        createPage: (page: (typeof created)[number]) => created.push(page),
        createRedirect: (redirect: (typeof redirects)[number]) => redirects.push(redirect),
      },
      graphql: async (query: string) =>
        query.includes('HeroCreatives')
          ? {
              data: {
                defaults: { nodes: heroNames.map((name) => ({ name, childImageSharp: heroImage(name) })) },
                tables: { nodes: [{ relativePath: 'cybersport.png', childImageSharp: heroImage('cybersport') }] },
              },
            }
          : { data: { allFile: { nodes: PICTURE_NODES } } },
      reporter,
    });
  });
  return { run, created, redirects, reporter };
}

afterEach(() => {
  delete process.env.PROMO_DATA_DIR;
  delete process.env.BUILD_DATE;
});

test('one page per landing, each with the context the template reads', async () => {
  const { run, created, redirects } = runCreatePages();
  await run;
  // 720 landings and the page of the shipped A/B experiment's one variant besides its control.
  expect(created).toHaveLength(721);
  const kz = created.find((page) => page.path === '/zenit/kz/bonus20000/')!;
  expect(kz.context).toMatchObject({
    brand: 'zenit',
    country: 'kz',
    slug: 'bonus20000',
    category: 'casino',
    lang: 'kk',
    dir: 'ltr',
    langId: 1,
    promotion: { date: '2099-12-31', permanent: true, expiryTarget: '/zenit/kz/freebet30/', expiredAtBuild: false },
  });
  expect((kz.context.appPicture as { fallback: { src: string } }).fallback.src).toBe('/promo/static/zenit/app-zenit.png');
  const zenbet = created.find((page) => page.path === '/zenbet/de/bonus20000/')!;
  expect(zenbet.context.appPicture).toMatchObject({ width: 220, height: 440, sources: [{ type: 'image/webp' }] });
  // A brand without a processed screenshot gets none rather than another brand's.
  expect(created.find((page) => page.path.startsWith('/cupis/'))!.context.appPicture).toBeNull();
  expect(redirects).toContainEqual(expect.objectContaining({ fromPath: '/zenit/ru/US-Open/', toPath: '/zenit/ru/freebet35/' }));
  expect(redirects).toContainEqual(expect.objectContaining({ fromPath: '/cupis/ru/US-Open/', toPath: '/' }));
  expect(redirects.map((r) => r.fromPath)).not.toContain('/zenit/ru/bonus20000/');
  const ae = created.find((page) => page.path === '/zenbet/ae/withoutoffer/')!;
  expect(ae.context).toMatchObject({ dir: 'rtl', lang: 'ar-AE', category: 'another', experiment: null, variant: null });
});

test('an A/B experiment\u2019s landing is its control; each other variant gets a page of its own beside it, with its hero', async () => {
  const { run, created } = runCreatePages();
  await run;
  const landing = created.find((page) => page.path === '/zenit/ru/bonus25000/')!;
  const variants = created.filter((page) => page.path.startsWith('/zenit/ru/_variant/'));
  expect(variants.map((page) => page.path)).toEqual([`/zenit/ru/_variant/${landing.context.experiment}/take-bonus/bonus25000/`]);
  expect(landing.context).toMatchObject({ variant: 'control', slug: 'bonus25000' });
  expect(variants[0].context).toMatchObject({ experiment: landing.context.experiment, variant: 'take-bonus', slug: 'bonus25000' });
  expect(variants[0].context.hero).toEqual(landing.context.hero);
});

test('every landing leads with a hero: its table creative, else its family default in its brand, mirrored where it moves and the page is RTL', async () => {
  const { run, created } = runCreatePages();
  await run;
  const hero = (path: string) =>
    created.find((page) => page.path === path)!.context.hero as {
      fallback: { src: string };
      sources: { type: string; media?: string }[];
      mirrored: boolean;
      placeholder: string;
    };
  expect(created.every((page) => page.context.hero)).toBe(true);
  expect(hero('/zenit/ru/bonus20000/')).toMatchObject({ fallback: { src: '/promo/static/x/hero-zenit-sport-bonus.jpg' }, mirrored: false });
  expect(hero('/zenit/ru/bonus20000/').sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
  expect(hero('/zenit/ru/bonus20000/').sources.map((source) => source.media)).toEqual([
    '(min-width: 600px), (min-resolution: 2dppx)',
    undefined,
  ]);
  expect(hero('/zenit/ru/bonus20000/').placeholder).toBe('data:image/webp;base64,hero-zenit-sport-bonus');
  expect(hero('/zenbet/ae/bonus30000/')).toMatchObject({
    fallback: { src: '/promo/static/x/hero-zenbet-sport-bonus.jpg' },
    mirrored: true,
  });
  expect(hero('/zenbet/ae/freebet30/')).toMatchObject({ fallback: { src: '/promo/static/x/hero-zenbet-free-bet.jpg' }, mirrored: false });
  expect(hero('/cupis/ru/quiz/').fallback.src).toBe('/promo/static/x/hero-cupis-quiz.jpg');
  expect(hero('/zenit/de/cybersport/')).toMatchObject({ fallback: { src: '/promo/static/x/cybersport.jpg' }, mirrored: false });
});

test('a landing whose creative the pipeline did not make stops the build, naming it', async () => {
  const { run, created, reporter } = runCreatePages(undefined, ['hero-zenit-sport-bonus']);
  await expect(run).rejects.toThrow(/No hero picture was made for \d+ landing\(s\), e\.g\. zenit\/\w+\/\w+: hero-zenit-/);
  expect(reporter.panic).toHaveBeenCalledTimes(1);
  expect(created).toHaveLength(0);
});

test('a wrong table stops the build with the file, the entry and the reason', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-data-'));
  fs.cpSync(path.resolve(__dirname, '../../data'), dir, { recursive: true });
  const file = path.join(dir, 'promotions', 'zenit', 'ru', 'freebet30.json');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"date": "2099-12-31"', '"date": "2025-13-01"'));
  const { run, created, reporter } = runCreatePages(dir);
  await expect(run).rejects.toThrow('data/promotions/zenit/ru/freebet30.json: zenit/ru/freebet30: date "2025-13-01" is not a date');
  expect(reporter.panic).toHaveBeenCalledTimes(1);
  expect(created).toHaveLength(0);
});

test.each([
  [
    'an off-site redirect_to',
    '"redirect_to": "//evil.example/"',
    'data/promotions/zenit/ru/people.json: zenit/ru/people: redirect_to "//evil.example/" is not a path on this site',
  ],
  [
    'a redirect loop',
    '"redirect_to": "/zenit/ru/people/"',
    'data/promotions/zenit/ru/people.json: zenit/ru/people: redirect loop: /zenit/ru/people/ → /zenit/ru/people/',
  ],
  [
    'a redirect to a missing landing',
    '"redirect_to": "/zenit/ru/nowhere/"',
    'data/promotions/zenit/ru/people.json: zenit/ru/people: redirects to /zenit/ru/nowhere/, which is not a landing',
  ],
  [
    'a creative that is not in data/creatives/',
    '"creative": "people-autumn.jpg"',
    'data/promotions/zenit/ru/people.json: zenit/ru/people: creative "people-autumn.jpg": no such file in data/creatives/',
  ],
])('issue 5 and 13: %s stops the build with the file, the entry and the reason', async (_what, field, message) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-data-'));
  fs.cpSync(path.resolve(__dirname, '../../data'), dir, { recursive: true });
  const file = path.join(dir, 'promotions', 'zenit', 'ru', 'people.json');
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...JSON.parse(`{${field}}`) }));
  const { run, created, reporter } = runCreatePages(dir);
  await expect(run).rejects.toThrow(message);
  expect(reporter.panic).toHaveBeenCalledTimes(1);
  expect(created).toHaveLength(0);
});

test('every landing keeps its page node from one build to the next: each is touched while sourcing', async () => {
  const touched: { id: string; internal: { type: string } }[] = [];
  let sourcing: Promise<void> = Promise.resolve();
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-cache-'));
  const store = new Map<string, unknown>();
  const cache = {
    directory: cacheDir,
    get: async (key: string) => store.get(key),
    set: async (key: string, value: unknown) => store.set(key, value),
  };
  const createNode = jest.fn();
  jest.isolateModules(() => {
    delete process.env.PROMO_DATA_DIR;
    process.env.BUILD_DATE = '2026-11-22';

    const { sourceNodes } = require('../../gatsby-node') as { sourceNodes: (args: unknown) => Promise<void> };
    sourcing = sourceNodes({
      actions: { touchNode: (node: (typeof touched)[number]) => touched.push(node), createNode },
      reporter: { panic: jest.fn() },
      cache,
      getCache: () => cache,
      createNodeId: (seed: string) => `node-${seed}`,
    });
  });
  await sourcing;
  fs.rmSync(cacheDir, { recursive: true, force: true });
  // The default creatives become File nodes for the image pipeline beside it.
  expect(createNode).toHaveBeenCalled();
  // Every landing's and the shipped A/B variant's page.
  expect(touched).toHaveLength(721);
  // Gatsby names a page's node "SitePage <path>"; a node not touched is deleted and written again.
  expect(touched).toContainEqual({ id: 'SitePage /zenit/ru/quiz/', internal: { type: 'SitePage' } });
  expect(touched.filter((node) => node.id.startsWith('SitePage /zenit/ru/_variant/'))).toHaveLength(1);
  expect(new Set(touched.map((node) => node.id)).size).toBe(721);
});
