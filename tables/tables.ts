/** The tables as read from data/, and a problem in one of them (file, entry, reason). */
import type { TableProblem } from '../src/domain/landings';
import type {
  BrandsTable,
  CasinoGamesTable,
  LanguagesTable,
  MarketTable,
  OffersTable,
  PaymentsTable,
  PromoCodesTable,
  PromotionRowInput,
  SlugsTable,
  SocialsTable,
  Translations,
} from './schemas';

export interface Tables {
  brands: BrandsTable;
  languages: LanguagesTable;
  slugs: SlugsTable;
  offers: OffersTable;
  promoCodes: PromoCodesTable;
  socials: SocialsTable;
  payments: PaymentsTable;
  promotions: PromotionRowInput[];
  casinoGames: CasinoGamesTable;
  translations: Record<string, Translations>;
  /** By country: data/markets/{country}.json. */
  markets: Record<string, MarketTable>;
}

export interface FileProblem extends TableProblem {
  file: string;
}

/**
 * Files as a save would leave them, by their path under data/ ("promotions/zenit/ru/quiz.json",
 * "slugs.json"): the new text, or null for a file removed. The tables are checked as if they were written.
 */
export type DataChanges = Readonly<Record<string, string | null>>;

export class TableError extends Error {
  constructor(readonly problems: FileProblem[]) {
    super(`The data tables have ${problems.length} problem(s):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'TableError';
  }
}

export function formatProblem(problem: FileProblem): string {
  return `${problem.file}: ${problem.entry}: ${problem.message}`;
}
