/** `npm run promos`: what a marketer reads before publishing, and the exit code CI gates on. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { checkSite } from '../../../tables/load';
import { buildPromoReport, formatPromoReport } from '../../../tables/promo-report';
import { DATA_DIR, editedPromotions, promotionRow as row } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const root = path.resolve(__dirname, '../../..');

function runCli(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/promos.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One fixture holding every kind of problem the report must list. */
const troubled = () =>
  editedPromotions((json) => {
    // expired, and its only way on is an expired fallback: no valid target
    row(json, 'zenbet/vi/freebet30').date = '2022-01-01';
    // a chain: freebet5000 → freebet35 (now expired too) → freebet30
    row(json, 'zenit/ru/freebet35').date = '2022-05-01';
    // a loop written into the table
    row(json, 'zenit/mx/people').redirect_to = '/zenit/mx/products/';
    row(json, 'zenit/mx/products').redirect_to = '/zenit/mx/people/';
    // a target that is not a landing
    row(json, 'zenit/fr/people').redirect_to = '/zenit/fr/bonus99999/';
    // an unknown country and an unknown slug
    json.promotions.push({ brand: 'zenbet', country: 'ua', slug: 'bonus20000', date: '2099-12-31' });
    json.promotions.push({ brand: 'zenit', country: 'ru', slug: 'bonus99999', date: '2099-12-31' });
  });

test('the shipped tables: every landing reported, statuses counted per brand, no problem', () => {
  const report = buildPromoReport(checkSite(DATA_DIR, NOW), NOW);
  expect(report.problems).toEqual([]);
  expect(report.rows).toHaveLength(720);
  const zenit = report.brands.find((brand) => brand.brand === 'zenit')!;
  expect(zenit.landings).toBe(371);
  expect(zenit.byStatus.active + zenit.byStatus.expiring + zenit.byStatus.expired + zenit.byStatus.permanent).toBe(371);
  expect(report.rows.find((r) => r.brand === 'zenit' && r.country === 'tr' && r.slug === 'cybersport')).toMatchObject({
    status: 'expiring',
    ends: '2026-12-01',
  });
  expect(report.rows.find((r) => r.brand === 'zenit' && r.country === 'ru' && r.slug === 'US-Open')).toMatchObject({
    status: 'expired',
    redirectsTo: '/zenit/ru/freebet35/',
    promoCode: 'ZBONUS15K',
  });
  expect(report.rows.find((r) => r.brand === 'zenit' && r.country === 'ru' && r.slug === 'quiz')!.status).toBe('active');
  expect(report.rows.find((r) => r.brand === 'cupis' && r.slug === 'bonus20000')!.status).toBe('permanent');
});

test('every kind of problem is listed, errors before warnings, before the landings', () => {
  const report = buildPromoReport(checkSite(troubled(), NOW), NOW);
  const lines = report.problems.map((p) => `${p.severity} ${p.entry}: ${p.message}`);
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^error zenbet\/vi\/freebet30: is over and its redirects never reach an open landing/),
      expect.stringMatching(
        /^warning zenit\/ru\/freebet5000: redirect chain: \/zenit\/ru\/freebet5000\/ → \/zenit\/ru\/freebet35\/ → \/zenit\/ru\/freebet30\//,
      ),
      expect.stringMatching(/^error zenit\/mx\/people: redirect loop/),
      expect.stringMatching(/^error zenit\/fr\/people: redirects to \/zenit\/fr\/bonus99999\/, which is not a landing/),
      expect.stringMatching(/^error zenbet\/ua\/bonus20000: no such landing/),
      expect.stringMatching(/^error zenit\/ru\/bonus99999: no such landing/),
    ]),
  );
  const severities = report.problems.map((p) => p.severity);
  expect(severities.indexOf('warning')).toBeGreaterThan(severities.lastIndexOf('error'));
  const text = formatPromoReport(report);
  expect(text.indexOf('PROBLEMS')).toBeLessThan(text.indexOf('zenit: '));
});

test('the command exits 1 on a problem and 0 on clean tables; --json is machine-readable', () => {
  const bad = runCli(['--json', '--data', troubled(), '--date', '2026-11-22']);
  expect(bad.status).toBe(1);
  expect(JSON.parse(bad.stdout).problems.length).toBeGreaterThanOrEqual(7);

  const good = runCli(['--date', '2026-11-22']);
  expect(good.status).toBe(0);
  expect(good.stdout).toContain('No problems.');
  expect(good.stdout).toMatch(/zenit: 371 landings/);
  expect(good.stdout).toMatch(/US-Open\s+sport\s+ZBONUS15K\s+\d+\s+2021-09-12\s+expired → \/zenit\/ru\/freebet35\//);
});

test('a date that is not a date is refused', () => {
  expect(runCli(['--date', 'soon']).status).toBe(2);
});

test('each landing names the creative it leads with: its own, its slug’s or its family’s default', () => {
  const dir = editedPromotions((json) => (row(json, 'zenit/ru/bonus20000').creative = 'cybersport.png'));
  const report = buildPromoReport(checkSite(dir, NOW), NOW);
  const creative = (name: string) => report.rows.find((r) => `${r.brand}/${r.country}/${r.slug}` === name)!.creative;
  expect(creative('zenit/ru/bonus20000')).toEqual({ source: 'landing', file: 'cybersport.png' });
  expect(creative('zenbet/de/cybersport')).toEqual({ source: 'slug', file: 'cybersport.png' });
  expect(creative('zenbet/ae/bonus30000')).toEqual({ source: 'default', family: 'sport-bonus', brand: 'zenbet', mirrored: true });
  const text = formatPromoReport(report);
  expect(text).toMatch(/ru\s+bonus20000\s+.*\s+cybersport\.png \(landing\)$/m);
  expect(text).toMatch(/ae\s+bonus30000\s+.*\s+default sport-bonus \(mirrored\)$/m);
  expect(text).toMatch(/de\s+cybersport\s+.*\s+cybersport\.png \(slug\)$/m);
});
