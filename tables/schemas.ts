/** Shapes of the tables in data/ that marketers edit. zod checks them at build (see load.ts). */
import { z } from 'zod';
import { tableDateProblem } from '../src/domain/expiry';
import { isSitePath } from '../src/domain/paths';
import { isValidPromoCode } from '../src/domain/partner';
import { CONSENT_MODES, DEFAULT_AGE, NOTICE_TEXTS } from '../src/domain/markets';
import { copyKindOfKey, copyProblem } from './copy-schema';
import { creativeFile } from './creative-schema';
import { ledgerSchema } from './ledger-schema';
import { experimentSchema } from './experiment-schema';

const code = z.string().regex(/^[a-z]{2}$/, 'must be a two-letter code such as "ru"');
const httpsUrl = z
  .string()
  .url()
  .refine((url) => url.startsWith('https://'), 'must be an https:// address');

export const BRANDS = ['zenit', 'zenbet', 'cupis'] as const;
export const brandName = z.enum(BRANDS);

const brandSchema = z.strictObject({
  name: z.string().min(1),
  countries: z.array(code).min(1),
  /** Languages in which the brand shows its national-flag logo variant (spec 9). */
  flagLanguages: z.array(code),
  /** Spec 7: "for one brand variant currency id 27 is appended to the order" — a main-site currency id. */
  extraCurrencyId: z.number().int().positive().optional(),
  /** Spec 9: zenit and cupis give a phone, zenbet an e-mail. */
  support: z.union([
    z.strictObject({ phone: z.string().regex(/^\+[\d ()-]{7,20}$/, 'must be an international phone number') }),
    z.strictObject({ email: z.email() }),
  ]),
});

export const brandsSchema = z.strictObject({ zenit: brandSchema, zenbet: brandSchema, cupis: brandSchema });

export const languagesSchema = z.strictObject({
  rtl: z.array(code),
  cis: z.array(code),
  languages: z.record(
    code,
    z.strictObject({
      locale: z.string().regex(/^[a-z]{2,3}(-[a-z]{2})?$/, 'must be a lower-case locale such as "pt-br"'),
      region: z.string().regex(/^[A-Z]{2}$/, 'must be an upper-case country code such as "BR"'),
      langId: z.number().int().positive(),
      countryId: z.number().int().positive(),
      /** The region's dialling code, prefilled in the phone field when the main site's country list gives none. */
      phoneCode: z.string().regex(/^\+\d{1,4}$/, 'must be a dialling code such as "+7"'),
    }),
  ),
});

export const OFFER_COPY = [
  'sportBonus',
  'casinoBonus',
  'slots',
  'spins',
  'betgames',
  'freebet',
  'android',
  'applications',
  'products',
  'broadcast',
  'tvshows',
  'cybersport',
  'people',
  'quiz',
  'usOpen',
  'none',
] as const;

export const slugsSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_-]+$/, 'a slug is latin letters, digits, "_" and "-"'),
  z.strictObject({
    offer: z.enum(OFFER_COPY),
    promo: z.string().min(1),
    amount: z.boolean().optional(),
    spins: z.number().int().positive().optional(),
    countries: z.array(code).min(1).optional(),
    /** Only these brands have the slug's landings; absent means every brand. */
    brands: z.array(brandName).min(1).optional(),
    /** Popular-match cards: which main-site ranking (0 = overall top) and how many (spec 3: 6 by default). */
    /** Casino game tiles: a set of data/casino-games.json. */
    games: z.string().optional(),
    /** The hero creative of every landing of the slug, unless its promotion row names another. */
    creative: creativeFile.optional(),
    odds: z.strictObject({ ranking: z.number().int().min(0), count: z.number().int().min(1).max(12).default(6) }).optional(),
    /** An A/B experiment every running landing of the slug takes part in, unless its promotion row names its own. */
    experiment: experimentSchema.optional(),
  }),
);

export const offersSchema = z.record(
  code,
  z.strictObject({
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as "RUB"'),
    /** The main site's own id of that currency (what registration sends as `currency`), for the form when account data gives none. */
    currencyId: z.number().int().positive(),
    amounts: z.record(z.string(), z.number().int().positive()),
  }),
);

export const promoCodesSchema = z.record(
  z.string().min(1),
  z.record(
    brandName,
    z.strictObject({
      promo_code: z.string().refine(isValidPromoCode, 'promo_code must be letters and digits only'),
      promo_id: z.number().int().positive(),
    }),
  ),
);

export const SOCIAL_NETWORKS = ['instagram', 'vk', 'telegram', 'facebook', 'twitter'] as const;
export const socialsSchema = z.record(brandName, z.record(code, z.partialRecord(z.enum(SOCIAL_NETWORKS), httpsUrl)));

export const PAYMENT_SYSTEMS = [
  'alfabank',
  'bitcoin',
  'cryptopay',
  'ecopayz',
  'ethereum',
  'mastercard',
  'mir',
  'mobilepay',
  'perfectmoney',
  'piastrix',
  'qiwi',
  'tether',
  'visa',
  'webmoney',
  'yandex',
  'youmoney',
] as const;
export const paymentsSchema = z.record(brandName, z.record(code, z.array(z.enum(PAYMENT_SYSTEMS)).min(1)));

/** A day a table names (a landing's first or last), within the window of src/domain/expiry.ts. */
const tableDate = (name: string) =>
  z.string().superRefine((date, context) => {
    const problem = tableDateProblem(date);
    if (problem) context.addIssue({ code: 'custom', message: `${name} ${JSON.stringify(date)} ${problem}`, input: date });
  });

export const promotionRowSchema = z
  .strictObject({
    brand: z.string(),
    country: z.string(),
    slug: z.string(),
    /** The first day it runs; before it the landing redirects as an expired one does, so it can be reviewed ahead. */
    first_day: tableDate('first_day').optional(),
    date: tableDate('date'),
    redirect_to: z
      .string()
      .refine(isSitePath, {
        error: (issue) => `redirect_to ${JSON.stringify(issue.input)} is not a path on this site (one leading "/", no scheme, no host)`,
      })
      .optional(),
    promo: z.string().optional(),
    /** This landing's hero creative, before the slug's and the default. */
    creative: creativeFile.optional(),
    /** This landing's A/B experiment, instead of its slug's. */
    experiment: experimentSchema.optional(),
  })
  .superRefine((row, context) => {
    if (row.first_day !== undefined && row.first_day > row.date) {
      context.addIssue({
        code: 'custom',
        path: ['first_day'],
        message: `first_day "${row.first_day}" is after the last day "${row.date}": the landing would never run`,
        input: row.first_day,
      });
    }
  });

export const casinoGamesSchema = z.strictObject({
  sets: z.record(
    z.string(),
    z
      .array(
        z.strictObject({
          uid: z.string().regex(/^[a-z0-9-]{3,64}$/, 'a game uid is lower-case latin letters, digits and "-"'),
          name: z.string().min(1),
          provider: z.string().min(1),
          live: z.boolean(),
        }),
      )
      .min(1),
  ),
});

export const NOTICE_PLACES = ['offer', 'footer'] as const;

/**
 * A market's table, data/markets/{country}.json: its consent mode and the notices its landings show
 * (docs/landings.md). The descriptions are the editor's hints.
 */
export const marketSchema = z.strictObject({
  consent: z
    .enum(CONSENT_MODES)
    .describe(
      'opt-in: nothing tracked before the visitor accepts; opt-out: a notice with a refusal, tracking until refused; none: no choice shown',
    ),
  notices: z
    .strictObject({
      place: z.enum(NOTICE_PLACES).describe('offer: beside the offer, set apart from the advertising; footer: in the footer'),
      age: z.number().int().min(16).max(25).default(DEFAULT_AGE).describe('The age the age line names'),
      lines: z
        .array(z.enum(NOTICE_TEXTS))
        .default([])
        .describe('After the age line, in order: risk (of addiction), help (where to find it), health (the health warning)'),
      helpline: z
        .strictObject({
          name: z.string().min(1),
          phone: z.string().regex(/^[\d ()-]{5,20}$/, 'must be the number as a visitor dials it at home, e.g. "0800 1 37 27 00"'),
          tel: z.string().regex(/^\+\d{6,15}$/, 'must be the international number, digits only, e.g. "+498001372700"'),
          site: httpsUrl,
        })
        .optional()
        .describe('The helpline that help and health name: its number as dialled at home and internationally (tel), its site'),
      operator: z
        .strictObject({
          requireLicence: z.boolean().default(false).describe("On: every brand's line must give its licence"),
          brands: z.partialRecord(brandName, z.strictObject({ name: z.string().min(1), licence: z.string().min(1).optional() })),
        })
        .optional()
        .describe('The operator line of each brand selling in the country'),
    })
    .optional()
    .describe('What the regulator asks a promotional page to show; empty: the age line alone, in the footer'),
});

/** Every visible text of a language by key; the offer's copy within what a phone shows, none with markup (copy-schema.ts). */
export const translationsSchema = z.record(z.string(), z.string().min(1)).superRefine((texts, context) => {
  for (const [key, text] of Object.entries(texts)) {
    const problem = copyProblem(text, copyKindOfKey(key));
    if (problem) context.addIssue({ code: 'custom', message: problem, path: [key], input: text });
  }
});

export type BrandsTable = z.infer<typeof brandsSchema>;
export type LanguagesTable = z.infer<typeof languagesSchema>;
export type SlugsTable = z.infer<typeof slugsSchema>;
export type OffersTable = z.infer<typeof offersSchema>;
export type PromoCodesTable = z.infer<typeof promoCodesSchema>;
export type SocialsTable = z.infer<typeof socialsSchema>;
export type PaymentsTable = z.infer<typeof paymentsSchema>;
export type PromotionRowInput = z.infer<typeof promotionRowSchema>;
export type Translations = z.infer<typeof translationsSchema>;
export type CasinoGamesTable = z.infer<typeof casinoGamesSchema>;
export type MarketTable = z.infer<typeof marketSchema>;

/**
 * Every table file with its schema: the JSON Schemas editors autocomplete with are made from this list. A
 * promotion row is a file of its own per landing (promotion-files.ts), named by its place, not a "$schema".
 */
export const TABLE_SCHEMAS = {
  'brands.json': brandsSchema,
  'languages.json': languagesSchema,
  'slugs.json': slugsSchema,
  'offers.json': offersSchema,
  'promo-codes.json': promoCodesSchema,
  'socials.json': socialsSchema,
  'payments.json': paymentsSchema,
  'promotions/{brand}/{country}/{slug}.json': promotionRowSchema,
  'casino-games.json': casinoGamesSchema,
  'markets/{country}.json': marketSchema,
  'i18n/*.json': translationsSchema,
  'experiments-ledger.json': ledgerSchema,
} as const;
