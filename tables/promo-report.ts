/** The marketers' view of every landing: status, code, end date, and the problems to fix first. */
import { describeCreative, type CreativeChoice } from '../src/domain/creatives';
import { CONTROL, variantPath, type VariantSpec } from '../src/domain/experiments';
import { landingStatus, type LandingStatus } from '../src/domain/expiry';
import { redirectPathOf } from '../src/domain/landings';
import type { Brand } from '../src/domain/links';
import { experimentLandings, namedExperiment } from './experiments';
import { landingCreative } from './hero-creatives';
import type { CheckedSite, FileProblem } from './load';

export interface ReportRow {
  brand: string;
  country: string;
  slug: string;
  category: string;
  promoCode: string;
  promoId: number;
  /** The first day, when it opens later than the build: until then it redirects. */
  starts: string | null;
  ends: string;
  status: LandingStatus;
  /** Where an expired or upcoming landing sends the visitor. */
  redirectsTo: string | null;
  /** The hero creative it leads with: its row's, its slug's or its family's default. */
  creative: CreativeChoice;
  /** The id of the A/B experiment it runs, or null. */
  experiment: string | null;
}

/** An A/B experiment running at the report's date: its variants with their weights and each variant's page. */
export interface ExperimentReport {
  id: string;
  /** Where it is written: a landing's file "data/promotions/zenit/ru/bonus25000.json", or "data/slugs.json: bonus25000". */
  writtenIn: string;
  variants: { id: string; weight: number; differs: string }[];
  /** Per landing, the site path of each variant's page (the control's is the landing's own). */
  landings: { landing: string; pages: { variant: string; path: string }[] }[];
}

export interface BrandSummary {
  brand: string;
  landings: number;
  byStatus: Record<LandingStatus, number>;
}

export interface PromoReport {
  asOf: string;
  problems: FileProblem[];
  brands: BrandSummary[];
  rows: ReportRow[];
  experiments: ExperimentReport[];
}

/** What a variant changes, in a few words. */
export function describeVariant(variant: VariantSpec): string {
  if (variant.id === CONTROL) return 'the landing as it is';
  const parts: string[] = [];
  const languages = Object.keys(variant.texts ?? {});
  if (languages.length) {
    const fields = [...new Set(languages.flatMap((language) => Object.keys(variant.texts![language])))];
    parts.push(`${fields.join(', ')} (${languages.join(', ')})`);
  }
  if (variant.creative) parts.push(`creative ${variant.creative}`);
  if (variant.sections) parts.push(`sections ${variant.sections.join(', ')}`);
  return parts.length ? parts.join('; ') : 'no difference';
}

const STATUSES: readonly LandingStatus[] = ['upcoming', 'active', 'expiring', 'expired', 'permanent'];

export function buildPromoReport(site: CheckedSite, now: number): PromoReport {
  const problems = [...site.problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const rows: ReportRow[] = [];
  if (site.tables) {
    const { promoCodes, slugs } = site.tables;
    for (const landing of site.landings) {
      const promoKey = landing.row.promo ?? slugs[landing.slug].promo;
      const promo = promoCodes[promoKey]?.[landing.brand as Brand];
      const status = landingStatus(landing.row, now);
      const closed = status === 'expired' || status === 'upcoming';
      rows.push({
        brand: landing.brand,
        country: landing.country,
        slug: landing.slug,
        category: landing.category,
        promoCode: promo?.promo_code ?? '',
        promoId: promo?.promo_id ?? 0,
        starts: landing.row.first_day ?? null,
        ends: landing.row.date,
        status,
        redirectsTo: closed ? redirectPathOf(landing.row) : null,
        creative: landingCreative(landing, site.tables),
        experiment: closed ? null : (namedExperiment(landing, site.tables)?.experiment.id ?? null),
      });
    }
  }
  const experiments = new Map<string, ExperimentReport>();
  for (const { landing, experiment } of site.tables ? experimentLandings(site.landings, site.tables, now) : []) {
    let report = experiments.get(experiment.id);
    if (!report) {
      const written = namedExperiment(landing, site.tables!)!.written;
      report = {
        id: experiment.id,
        writtenIn: written.of === 'landing' ? written.file : `${written.file}: ${written.entry}`,
        variants: experiment.variants.map((variant) => ({ id: variant.id, weight: variant.weight, differs: describeVariant(variant) })),
        landings: [],
      };
      experiments.set(experiment.id, report);
    }
    report.landings.push({
      landing: landing.path,
      pages: experiment.variants.map((variant) => ({
        variant: variant.id,
        path: variant.id === CONTROL ? landing.path : variantPath(landing.path, experiment.id, variant.id),
      })),
    });
  }
  const brands = [...new Set(rows.map((row) => row.brand))].map((brand) => {
    const own = rows.filter((row) => row.brand === brand);
    const byStatus = Object.fromEntries(STATUSES.map((status) => [status, own.filter((row) => row.status === status).length]));
    return { brand, landings: own.length, byStatus: byStatus as Record<LandingStatus, number> };
  });
  return { asOf: new Date(now).toISOString(), problems, brands, rows, experiments: [...experiments.values()] };
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}

/** "expired → /zenit/ru/freebet30/", "upcoming from 2027-01-01 → …" or the status alone. */
export function statusCell(row: Pick<ReportRow, 'status' | 'starts' | 'redirectsTo'>): string {
  const status = row.status === 'upcoming' ? `upcoming from ${row.starts}` : row.status;
  return row.redirectsTo ? `${status} → ${row.redirectsTo}` : status;
}

export function formatPromoReport(report: PromoReport): string {
  const lines: string[] = [`Promotions as of ${report.asOf} (a promotion runs through its end date, Moscow time)`, ''];
  if (report.problems.length) {
    lines.push(`PROBLEMS (${report.problems.length}) — fix these before publishing:`);
    for (const problem of report.problems)
      lines.push(`  ${problem.severity.padEnd(7)} ${problem.file}: ${problem.entry}: ${problem.message}`);
  } else {
    lines.push('No problems.');
  }
  if (report.experiments.length) {
    lines.push('', `A/B experiments running (${report.experiments.length}); a visitor keeps their variant, so new weights need a new id:`);
    for (const experiment of report.experiments) {
      lines.push(`  ${experiment.id}, in ${experiment.writtenIn}`);
      lines.push(
        ...table(experiment.variants.map((variant) => [variant.id, `${variant.weight}%`, variant.differs])).map((line) => `    ${line}`),
      );
      for (const { landing, pages } of experiment.landings) {
        lines.push(`    ${landing.slice(1, -1)}: ${pages.map((page) => `${page.variant} /promo${page.path}`).join('  ')}`);
      }
    }
  }
  for (const summary of report.brands) {
    const counts = STATUSES.map((status) => `${summary.byStatus[status]} ${status}`).join(', ');
    lines.push('', `${summary.brand}: ${summary.landings} landings — ${counts}`);
    const own = report.rows.filter((row) => row.brand === summary.brand);
    lines.push(
      ...table([
        ['country', 'slug', 'category', 'promo code', 'promo id', 'ends', 'status', 'creative'],
        ...own.map((row) => [
          row.country,
          row.slug,
          row.category,
          row.promoCode,
          String(row.promoId),
          row.ends,
          statusCell(row),
          describeCreative(row.creative),
        ]),
      ]).map((line) => `  ${line}`),
    );
  }
  return lines.join('\n');
}
