/** A/B experiments in the tables: a wrong one stops the build with the file, the entry and the reason; a right one makes its pages. */
import fs from 'node:fs';
import path from 'node:path';
import { CONTROL } from '../../../src/domain/experiments';
import { experimentLandings } from '../../../tables/experiments';
import { experimentAddresses, experimentFiles, hostExperiments } from '../../../gatsby/post-build/experiment-files';
import { variantPages } from '../../../gatsby/page-context/experiment-pages';
import { checkSite, loadSite, TableError } from '../../../tables/load';
import { indexLandings, landingContext } from '../../../gatsby/page-context/page-contexts';
import { buildPromoReport, formatPromoReport } from '../../../tables/promo-report';
import { DATA_DIR, editedData, editedPromotions as promotions, promotionRow as row } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

type Json = any;

function problemsOf(dir: string): string[] {
  try {
    loadSite(dir, NOW);
  } catch (error) {
    if (error instanceof TableError) return error.message.split('\n').slice(1);
    throw error;
  }
  return [];
}

const experiment = (variants: Json[], id = 'autumn-headline') => ({ id, variants });
const control = (weight = 50) => ({ id: 'control', weight });
const headline = (texts: Json = { ru: { headline: 'Заберите до {amount} на первые ставки' } }, weight = 50) => ({
  id: 'bold',
  weight,
  texts,
});
/** The ledger of `dir` with an experiment's split recorded, as the editor records a new one. */
function recordSplit(dir: string, id: string, split: Record<string, number>): void {
  const file = path.join(dir, 'experiments-ledger.json');
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), [id]: split }));
}
const onRow = (name: string, value: Json) => promotions((json) => (row(json, name).experiment = value));
const onSlug = (slug: string, value: Json) =>
  editedData('slugs.json', (json) => {
    json[slug].experiment = value;
    return json;
  });

test.each<[string, () => string, string]>([
  [
    'weights that do not add up to 100',
    () => onRow('zenit/ru/bonus20000', experiment([control(50), headline(undefined, 40)])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": the weights add up to 90, not 100',
  ],
  [
    'a weight that is not a whole percent',
    () => onRow('zenit/ru/bonus20000', experiment([control(50.5), headline(undefined, 49.5)])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variant "control": weight must be a whole number of percent',
  ],
  [
    'a planned lift that is not a whole percent',
    () => onRow('zenit/ru/bonus20000', { ...experiment([control(), headline()]), lift: 2.5 }),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": lift must be a whole number of percent',
  ],
  [
    'two variants with one id',
    () => onRow('zenit/ru/bonus20000', experiment([control(40), headline(undefined, 30), headline(undefined, 30)])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variant id "bold" is used more than once',
  ],
  [
    'a malformed experiment id',
    () => onRow('zenit/ru/bonus20000', experiment([control(), headline()], 'Autumn_Headline')),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "Autumn_Headline": id: an experiment id is up to 40 lower-case latin letters and digits',
  ],
  [
    'a malformed variant id',
    () => onRow('zenit/ru/bonus20000', experiment([control(), { ...headline(), id: 'bold/../x' }])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variant "bold/../x": id: a variant id is up to 24 lower-case latin letters and digits',
  ],
  [
    'no control',
    () => onRow('zenit/ru/bonus20000', experiment([{ ...headline(), id: 'calm' }, headline()])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": one variant must be "control", the landing as it is',
  ],
  [
    'a control that differs',
    () => onRow('zenit/ru/bonus20000', experiment([{ ...headline(), id: 'control' }, headline()])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": "control" is the landing as it is',
  ],
  [
    'one variant only',
    () => onRow('zenit/ru/bonus20000', experiment([{ id: 'control', weight: 100 }])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variants: an experiment has 2 to 4 variants, the control included',
  ],
  [
    'a missing creative',
    () => onRow('zenit/ru/bonus20000', experiment([control(), { id: 'autumn', weight: 50, creative: 'autumn/zenit-ru.jpg' }])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variant "autumn": creative "autumn/zenit-ru.jpg": no such file in data/creatives/',
  ],
  [
    'a language without the variant\u2019s texts (a slug\u2019s experiment runs in every language of the slug)',
    () => onSlug('bonus20000', experiment([control(), headline()])),
    'data/slugs.json: bonus20000: experiment "autumn-headline": variant "bold" has no texts in "de", the language of zenit/de/bonus20000',
  ],
  [
    'an experiment on a landing that redirects (over already)',
    () => onRow('zenit/ru/US-Open', experiment([control(), headline()])),
    'data/promotions/zenit/ru/US-Open.json: zenit/ru/US-Open: experiment "autumn-headline": the landing is over and redirects to /zenit/ru/freebet35/; an experiment needs a running landing',
  ],
  [
    'one id for two experiments',
    () =>
      promotions((json) => {
        row(json, 'zenit/ru/bonus20000').experiment = experiment([control(), headline()]);
        row(json, 'zenit/ru/bonus30000').experiment = experiment([control(), headline()]);
      }),
    'data/promotions/zenit/ru/bonus30000.json: zenit/ru/bonus30000: experiment "autumn-headline": the id is taken by data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000',
  ],
  [
    'a call to action on a landing that leads with the app downloads',
    () => onRow('zenit/ru/android', experiment([control(), headline({ ru: { cta: 'Скачать' } })])),
    'data/promotions/zenit/ru/android.json: zenit/ru/android: experiment "autumn-headline": variant "bold" sets a cta, but zenit/ru/android leads with the app downloads',
  ],
  [
    'a placeholder the landing cannot fill',
    () => onRow('zenit/ru/freebet30', experiment([control(), headline({ ru: { headline: 'Фрибет {count} раз' } })])),
    'data/promotions/zenit/ru/freebet30.json: zenit/ru/freebet30: experiment "autumn-headline": variant "bold": the headline in "ru" has {count}, which zenit/ru/freebet30 cannot fill (it fills {brand}, {amount})',
  ],
  [
    'an order of sections that leaves one out',
    () => onRow('zenit/ru/bonus20000', experiment([control(), { id: 'form-first', weight: 50, sections: ['registration', 'offer'] }])),
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variant "form-first": sections must name each of offer, registration, games, steps, odds, payments once',
  ],
])('%s', (_what, dir, message) => {
  const problems = problemsOf(dir());
  expect(problems).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
});

test('every language of a variant carries the same texts', () => {
  const languages = ['ae', 'bn', 'br', 'de', 'en', 'fr', 'ir', 'kz', 'mx', 'ru', 'sw', 'tm', 'tr', 'ua', 'uz', 'vi'];
  const texts = Object.fromEntries(
    languages.map((language) => [
      language,
      language === 'de' ? { headline: 'Bonus bis {amount}' } : { headline: 'Bonus {amount}', cta: 'Los' },
    ]),
  );
  expect(problemsOf(onSlug('bonus20000', experiment([control(), headline(texts)])))).toEqual(
    expect.arrayContaining([
      expect.stringContaining(
        'data/slugs.json: bonus20000: experiment "autumn-headline": variant "bold": the texts in "de" lack cta, which another language',
      ),
    ]),
  );
});

test('texts in a language none of the running landings is in are a warning, not an error', () => {
  const dir = onSlug(
    'quiz',
    experiment([control(), headline({ ru: { headline: 'Викторина с призами' }, ua: { headline: 'Вікторина з призами' } })]),
  );
  recordSplit(dir, 'autumn-headline', { control: 50, bold: 50 });
  expect(problemsOf(dir)).toEqual([]);
  expect(checkSite(dir, NOW).problems).toEqual([
    {
      severity: 'warning',
      file: 'data/slugs.json',
      entry: 'quiz',
      message: 'experiment "autumn-headline": variant "bold" has texts in "ua", a language none of its running landings is in',
    },
  ]);
});

describe('the shipped experiment', () => {
  const site = loadSite(DATA_DIR, NOW);
  const running = experimentLandings(site.landings, site.tables, NOW);
  const index = indexLandings(site.landings, site.tables, NOW);

  test('zenit/ru/bonus25000 runs it, 50/50, and no other landing runs one', () => {
    expect(running.map(({ landing }) => landing.path)).toEqual(['/zenit/ru/bonus25000/']);
    expect(running[0].experiment.variants.map(({ id, weight }) => [id, weight])).toEqual([
      [CONTROL, 50],
      ['take-bonus', 50],
    ]);
  });

  test('the landing is the control: its own page says so; the variant\u2019s page changes the headline and the call to action only', () => {
    const { landing, experiment: spec } = running[0];
    const own = landingContext(landing, site.tables, index);
    expect([own.experiment, own.variant]).toEqual([spec.id, CONTROL]);
    const [variant] = variantPages(landing, spec, own, site.tables);
    expect(variant.path).toBe(`/zenit/ru/_variant/${spec.id}/take-bonus/bonus25000/`);
    expect([variant.context.experiment, variant.context.variant]).toEqual([spec.id, 'take-bonus']);
    const changed = Object.keys(own.texts).filter((key) => own.texts[key] !== variant.context.texts[key]);
    expect(changed.sort()).toEqual(['cta.register', 'offer.sportBonus.title']);
    expect(variant.context.texts['offer.sportBonus.title']).toBe(spec.variants[1].texts!.ru.headline);
    expect(variant.context.texts['cta.register']).toBe(spec.variants[1].texts!.ru.cta);
    expect(variant.context.sections).toEqual(own.sections);
  });

  test('a landing without an experiment has neither experiment nor variant in its context', () => {
    const other = site.landings.find((landing) => landing.path === '/zenit/ru/bonus20000/')!;
    expect(landingContext(other, site.tables, index)).toMatchObject({ experiment: null, variant: null });
  });

  test('the host answers its page (both spellings) and its page data by the split, and keeps all of them out of shared caches', () => {
    const experiments = hostExperiments(running, () => 'none');
    const id = running[0].experiment.id;
    const variant = `/promo/zenit/ru/_variant/${id}/take-bonus/bonus25000/`;
    expect(experimentAddresses(experiments)).toEqual([
      { address: '/promo/zenit/ru/bonus25000/', experiment: id, files: { 'take-bonus': variant }, consent: 'none' },
      {
        address: '/promo/zenit/ru/bonus25000/index.html',
        experiment: id,
        files: { 'take-bonus': `${variant}index.html` },
        consent: 'none',
      },
      {
        address: '/promo/page-data/zenit/ru/bonus25000/page-data.json',
        experiment: id,
        files: { 'take-bonus': `/promo/page-data/zenit/ru/_variant/${id}/take-bonus/bonus25000/page-data.json` },
        consent: 'none',
      },
    ]);
    expect(experimentFiles(experiments)).toEqual(
      expect.arrayContaining([
        '/promo/zenit/ru/bonus25000/index.html',
        `${variant}index.html`,
        '/promo/page-data/zenit/ru/bonus25000/page-data.json',
      ]),
    );
  });

  test('npm run promos lists it with its variants, weights and each variant\u2019s page', () => {
    const text = formatPromoReport(buildPromoReport(checkSite(DATA_DIR, NOW), NOW));
    const id = running[0].experiment.id;
    expect(text).toContain(`  ${id}, in data/promotions/zenit/ru/bonus25000.json\n`);
    expect(text).toMatch(/control\s+50%\s+the landing as it is/);
    expect(text).toMatch(/take-bonus\s+50%\s+headline, cta \(ru\)/);
    expect(text).toContain(
      `zenit/ru/bonus25000: control /promo/zenit/ru/bonus25000/  take-bonus /promo/zenit/ru/_variant/${id}/take-bonus/bonus25000/`,
    );
  });
});
