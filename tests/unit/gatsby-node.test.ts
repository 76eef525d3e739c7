/** gatsby-node is the site's table of contents: it makes one page per landing or stops the build. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type CreatePages = (args: unknown) => Promise<void>;

function runCreatePages(dataDir?: string) {
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
  expect(created).toHaveLength(720);
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
  expect(redirects).toContainEqual(expect.objectContaining({ fromPath: '/zenit/ru/US-Open/', toPath: '/zenit/ru/freebet35/' }));
  expect(redirects).toContainEqual(expect.objectContaining({ fromPath: '/cupis/ru/US-Open/', toPath: '/' }));
  expect(redirects.map((r) => r.fromPath)).not.toContain('/zenit/ru/bonus20000/');
  const ae = created.find((page) => page.path === '/zenbet/ae/withoutoffer/')!;
  expect(ae.context).toMatchObject({ dir: 'rtl', lang: 'ar-AE', category: 'another' });
});

test('a wrong table stops the build with the file, the entry and the reason', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-data-'));
  fs.cpSync(path.resolve(__dirname, '../../data'), dir, { recursive: true });
  const file = path.join(dir, 'promotions.json');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(
    '{"brand": "zenit", "country": "ru", "slug": "freebet30", "date": "2099-12-31"}',
    '{"brand": "zenit", "country": "ru", "slug": "freebet30", "date": "2025-13-01"}',
  ));
  const { run, created, reporter } = runCreatePages(dir);
  await expect(run).rejects.toThrow('data/promotions.json: zenit/ru/freebet30: date "2025-13-01" is not a date');
  expect(reporter.panic).toHaveBeenCalledTimes(1);
  expect(created).toHaveLength(0);
});
