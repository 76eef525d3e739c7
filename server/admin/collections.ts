/**
 * The editor's (Decap CMS) config, made from the schemas the build checks the tables with
 * (tables/schemas.ts) and from the tables themselves: a field's rules (required, pattern, range,
 * allowed values) come from the zod schema's JSON Schema, its choices (brands, countries, slugs,
 * landings, promo keys) from what exists. Rules across fields and rows are checked at save (check.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LANDING_SECTIONS } from '../../src/domain/experiments';
import { CREATIVE_MIN_SIZE } from '../../src/domain/creatives';
import { FIRST_TABLE_DATE, LAST_TABLE_DATE } from '../../src/domain/expiry';
import { COPY_MAX, copyKindOfKey, type CopyKind } from '../../tables/copy-schema';
import { marketSchema, promotionRowSchema } from '../../tables/schemas';
import { MARKETS_DIR } from '../../tables/markets';
import { statusPatterns, STATUS_HINT, upcomingPattern } from './status-patterns';
import { SITE_PATH_PATTERN } from './site-path-pattern';

export const PROMOTIONS_FOLDER = 'data/promotions';
export const CREATIVES_FOLDER = 'data/creatives';
export const I18N_FOLDER = 'data/i18n';
export const MARKETS_FOLDER = `data/${MARKETS_DIR}`;
export const REFERENCE_LANGUAGE = 'en';
/** The format the editor reads and writes the tables with (client/admin.js registers it). */
export const TABLE_FORMAT = 'table-json';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  enum?: string[];
  description?: string;
  additionalProperties?: JsonSchema | boolean;
  /** A record's keys (the brands of a market's operator lines). */
  propertyNames?: JsonSchema;
};

export type Field = Record<string, unknown> & { name: string; widget: string };

export interface EditorChoices {
  brands: string[];
  countries: string[];
  slugs: string[];
  landings: string[];
  promoKeys: string[];
  languages: string[];
  /** Each language's own name ("Қазақша"), from its "language.name". */
  languageNames: Record<string, string>;
  english: Record<string, string>;
}

export interface EditorConfigOptions {
  /** The local backend's API address (the stand-in's way to decap-server); none for the production config. */
  localBackend?: string;
  /**
   * The git host backend: `github` or `gitlab` with "owner/name", and how editors sign in there
   * (GitLab: auth_type "pkce" and the OAuth application's app_id; GitHub: base_url of an OAuth provider).
   */
  backend: {
    name: 'github' | 'gitlab';
    repo: string;
    branch?: string;
    auth_type?: string;
    app_id?: string;
    base_url?: string;
    api_root?: string;
  };
  now: number;
}

function readJson<T>(dataDir: string, file: string): T {
  return JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as T;
}

/** What the selects offer: read from data/ as it is now. */
export function readChoices(dataDir: string): EditorChoices {
  const brands = readJson<Record<string, { countries: string[] }>>(dataDir, 'brands.json');
  const slugs = Object.keys(readJson<Record<string, unknown>>(dataDir, 'slugs.json')).filter((key) => key !== '$schema');
  const promoKeys = Object.keys(readJson<Record<string, unknown>>(dataDir, 'promo-codes.json')).filter((key) => key !== '$schema');
  const brandNames = Object.keys(brands).filter((key) => key !== '$schema');
  const countries = [...new Set(brandNames.flatMap((brand) => brands[brand].countries))].sort();
  const languages = fs
    .readdirSync(path.join(dataDir, 'i18n'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
  const landings = brandNames.flatMap((brand) =>
    brands[brand].countries.flatMap((country) => slugs.map((slug) => `/${brand}/${country}/${slug}/`)),
  );
  const english = readJson<Record<string, string>>(dataDir, `i18n/${REFERENCE_LANGUAGE}.json`);
  delete english.$schema;
  const languageNames = Object.fromEntries(
    languages.map((language) => [
      language,
      readJson<Record<string, string>>(dataDir, `i18n/${language}.json`)['language.name'] ?? language,
    ]),
  );
  return {
    brands: brandNames,
    countries,
    slugs: [...slugs].sort(),
    landings: landings.sort(),
    promoKeys: promoKeys.sort(),
    languages,
    languageNames,
    english,
  };
}

/**
 * The days a table may name (src/domain/expiry.ts), as the pattern the date field checks while a day is
 * picked: the years 2020 to 2099 (a test holds it to the build's rule).
 */
export const DATE_WINDOW_PATTERN = '^20[2-9]\\d-\\d{2}-\\d{2}$';

/** A text's length as the field checks it while typed; the build's own message follows at save. */
function lengthPattern(max: number): [string, string] {
  return [`^[\\s\\S]{0,${max}}$`, `at most ${max} characters: a 320 px phone shows no more at 200 % text`];
}

function copyPattern(kind: CopyKind): { pattern?: [string, string] } {
  return kind === 'text' ? {} : { pattern: lengthPattern(COPY_MAX[kind]) };
}

function rules(schema: JsonSchema, required: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { required };
  if (schema.description) out.hint = schema.description;
  if (schema.pattern) out.pattern = [schema.pattern, `must match ${schema.pattern}`];
  else if (schema.maxLength !== undefined) out.pattern = lengthPattern(schema.maxLength);
  if (schema.type === 'integer' || schema.type === 'number') {
    out.value_type = schema.type === 'integer' ? 'int' : 'float';
    if (schema.minimum !== undefined) out.min = schema.minimum;
    if (schema.maximum !== undefined) out.max = schema.maximum;
  }
  // An optional list's bounds are the save check's to tell: Decap would hold them against an empty one.
  if (required && schema.minItems !== undefined) out.min = schema.minItems;
  if (required && schema.maxItems !== undefined) out.max = schema.maxItems;
  return out;
}

function select(options: string[]): { widget: string; options: string[] } {
  return { widget: 'select', options };
}

function creativeField(name: string, schema: JsonSchema, required: boolean): Field {
  return {
    label: 'Creative',
    name,
    widget: 'image',
    ...rules(schema, required),
    hint: `${schema.description ?? ''}. Smaller images are refused at save with the size they need (${CREATIVE_MIN_SIZE.width}×${CREATIVE_MIN_SIZE.height} px).`,
    media_folder: `/${CREATIVES_FOLDER}`,
    public_folder: '',
    choose_url: false,
  };
}

/** A day picked in the window the build allows, written YYYY-MM-DD. */
function dateField<T extends object>(base: T): T & { widget: string } & Record<string, unknown> {
  return {
    ...base,
    pattern: [DATE_WINDOW_PATTERN, `outside ${FIRST_TABLE_DATE} … ${LAST_TABLE_DATE} (${LAST_TABLE_DATE} is "permanent")`],
    widget: 'datetime',
    format: 'YYYY-MM-DD',
    date_format: 'YYYY-MM-DD',
    time_format: false,
    picker_utc: true,
  };
}

/** A field of the promotion row (or inside its experiment) from its JSON Schema, with the widget its value needs. */
function fieldFor(name: string, schema: JsonSchema, required: boolean, choices: EditorChoices): Field {
  const base = { label: name, name, ...rules(schema, required) };
  switch (name) {
    case 'brand':
      return { ...base, label: 'Brand', ...select(choices.brands) } as Field;
    case 'country':
      return { ...base, label: 'Country (and language)', ...select(choices.countries) } as Field;
    case 'slug':
      return { ...base, label: 'Promotion (slug)', ...select(choices.slugs) } as Field;
    case 'first_day':
      return {
        ...dateField(base),
        label: 'First day',
        hint: `Empty: live from the build on. Before this day (Moscow time) the landing redirects as an expired one does, so a launch can be prepared and reviewed ahead.`,
      } as Field;
    case 'date':
      return {
        ...dateField(base),
        label: 'Last day',
        hint: `The landing runs through this whole day (Moscow time); from the next day on it redirects. ${FIRST_TABLE_DATE} to ${LAST_TABLE_DATE} (permanent).`,
      } as Field;
    case 'redirect_to':
      return {
        ...base,
        label: 'When over, redirect to',
        hint: 'A landing of this site; empty: the brand’s freebet30 in the same language.',
        ...select(choices.landings),
        pattern: [SITE_PATH_PATTERN, 'must be a path on this site (one leading "/", no scheme, no host)'],
      } as Field;
    case 'promo':
      return {
        ...base,
        label: 'Promo code (key of promo-codes.json)',
        hint: 'Empty: the slug’s own.',
        ...select(choices.promoKeys),
      } as Field;
    case 'creative':
      return creativeField(name, schema, required);
    case 'texts':
      return {
        ...base,
        label: 'Texts per language',
        hint: 'What this variant says instead of the control, in each language its landing is shown in.',
        widget: 'object',
        collapsed: true,
        fields: choices.languages
          .filter((language) => language !== REFERENCE_LANGUAGE || choices.countries.includes(language))
          .map((language) => ({
            label: language,
            name: language,
            widget: 'object',
            required: false,
            collapsed: true,
            fields: Object.entries(
              typeof schema.additionalProperties === 'object' ? (schema.additionalProperties.properties ?? {}) : {},
            ).map(([text, textSchema]) => ({
              label: text,
              name: text,
              widget: 'string',
              ...rules(textSchema, false),
            })),
          })),
      } as Field;
    case 'sections':
      return {
        ...base,
        label: 'Section order',
        hint: `Each of ${LANDING_SECTIONS.join(', ')} once, in the order shown; empty: the landing's order.`,
        widget: 'list',
        field: { label: 'Section', name: 'section', ...select(schema.items?.enum ?? [...LANDING_SECTIONS]) },
      } as Field;
    default:
      break;
  }
  if (schema.type === 'object' && schema.propertyNames?.enum && typeof schema.additionalProperties === 'object') {
    const entry = schema.additionalProperties;
    return {
      ...base,
      widget: 'object',
      collapsed: true,
      // One optional entry per allowed key: whether a key must be there is the save check's to tell.
      fields: schema.propertyNames.enum.map((key) => fieldFor(key, entry, false, choices)),
    } as Field;
  }
  if (schema.type === 'object') {
    const requiredHere = new Set(schema.required ?? []);
    return {
      ...base,
      label: name === 'experiment' ? 'A/B experiment' : name,
      widget: 'object',
      collapsed: true,
      // Decap asks for an optional object's required fields even when it is left empty: inside one, the
      // save check (the build's schema) says what is missing instead.
      fields: Object.entries(schema.properties ?? {}).map(([inner, innerSchema]) =>
        fieldFor(inner, innerSchema, required && requiredHere.has(inner), choices),
      ),
    } as Field;
  }
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const requiredHere = new Set(schema.items.required ?? []);
    return {
      ...base,
      label: name === 'variants' ? 'Variants (one "control", weights adding up to 100)' : name,
      widget: 'list',
      // Open: a variant's id and weight are what a marketer looks for; its texts stay folded.
      collapsed: false,
      summary: '{{fields.id}}: {{fields.weight}} %',
      fields: Object.entries(schema.items.properties ?? {}).map(([inner, innerSchema]) =>
        fieldFor(inner, innerSchema, requiredHere.has(inner), choices),
      ),
    } as Field;
  }
  if (schema.type === 'array' && schema.items?.enum) {
    return { ...base, widget: 'list', field: { label: name, name, ...select(schema.items.enum) } } as Field;
  }
  if (schema.type === 'integer' || schema.type === 'number') return { ...base, widget: 'number' } as Field;
  if (schema.type === 'boolean') return { ...base, widget: 'boolean' } as Field;
  if (schema.enum) return { ...base, ...select(schema.enum) } as Field;
  return { ...base, widget: 'string' } as Field;
}

/** The promotion row's JSON Schema, as `npm run schemas` writes it. */
function rowSchema(): JsonSchema {
  return z.toJSONSchema(promotionRowSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function promotionFields(choices: EditorChoices): Field[] {
  const schema = rowSchema();
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, fieldSchema]) => fieldFor(name, fieldSchema, required.has(name), choices));
}

function promotionsCollection(choices: EditorChoices, now: number): Record<string, unknown> {
  const patterns = statusPatterns(now);
  return {
    name: 'promotions',
    label: 'Promotions',
    label_singular: 'Landing',
    description: `One file per landing: ${PROMOTIONS_FOLDER}/{brand}/{country}/{slug}.json. Status: ${STATUS_HINT}.`,
    folder: PROMOTIONS_FOLDER,
    extension: 'json',
    format: TABLE_FORMAT,
    path: '{{fields.brand}}/{{fields.country}}/{{fields.slug}}',
    slug: '{{fields.slug}}',
    identifier_field: 'slug',
    create: true,
    delete: false,
    // Plain names, not fields.*: Decap's search reads the summary's variables as the fields it searches.
    summary: '{{brand}} / {{country}} / {{slug}} · last day {{date}}',
    sortable_fields: ['brand', 'country', 'slug', 'date'],
    view_filters: [
      ...(['active', 'expiring', 'expired', 'permanent'] as const).map((status) => ({
        label: `Status: ${status}`,
        field: 'date',
        pattern: patterns[status],
      })),
      { label: 'Status: upcoming', field: 'first_day', pattern: upcomingPattern(now) },
      ...choices.brands.map((brand) => ({ label: `Brand: ${brand}`, field: 'brand', pattern: `^${brand}$` })),
      { label: 'With an experiment', field: 'experiment.id', pattern: '.' },
      { label: 'With a redirect', field: 'redirect_to', pattern: '.' },
    ],
    view_groups: [
      { label: 'Brand', field: 'brand' },
      { label: 'Country', field: 'country' },
      { label: 'Year it ends', field: 'date', pattern: '^\\d{4}' },
    ],
    fields: promotionFields(choices),
  };
}

function textsCollection(choices: EditorChoices): Record<string, unknown> {
  return {
    name: 'texts',
    label: 'Texts',
    description: `Every visitor-readable text, per language (${I18N_FOLDER}/{lang}.json). The hint under each field is the English text.`,
    format: TABLE_FORMAT,
    extension: 'json',
    delete: false,
    files: choices.languages.map((language) => ({
      name: language,
      label: `${language}: ${choices.languageNames[language]}`,
      file: `${I18N_FOLDER}/${language}.json`,
      fields: Object.entries(choices.english).map(([key, english]) => ({
        label: key,
        name: key,
        widget: 'string',
        required: true,
        hint: `English: ${english}`,
        ...copyPattern(copyKindOfKey(key)),
      })),
    })),
  };
}

/**
 * The commit status whose address the editorial workflow's "View preview" opens: CI posts it on a merge
 * request's head with the preview's address (scripts/ci/preview.ts). Named exactly, since without it Decap
 * takes the first status whose name holds "deploy", and on GitLab each CI job is a status of its own
 * whose address is the job's log.
 */
export const DEPLOY_PREVIEW_CONTEXT = 'promo/deploy-preview';

/** A market's fields, from the schema the build checks data/markets/{country}.json with. */
export function marketFields(choices: EditorChoices): Field[] {
  const schema = z.toJSONSchema(marketSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, fieldSchema]) => fieldFor(name, fieldSchema, required.has(name), choices));
}

function marketsCollection(choices: EditorChoices): Record<string, unknown> {
  const fields = marketFields(choices);
  return {
    name: 'markets',
    label: 'Markets',
    description: `Per country (${MARKETS_FOLDER}/{country}.json): how consent to tracking is asked and the notices its landings show. The operator's counsel sets them.`,
    format: TABLE_FORMAT,
    extension: 'json',
    delete: false,
    files: choices.countries.map((country) => ({
      name: country,
      label: `${country}: ${choices.languageNames[country] ?? country}`,
      file: `${MARKETS_FOLDER}/${country}.json`,
      fields,
    })),
  };
}

export function editorConfig(dataDir: string, options: EditorConfigOptions): Record<string, unknown> {
  const choices = readChoices(dataDir);
  const { localBackend, backend, now } = options;
  return {
    backend: { ...backend, branch: backend.branch ?? 'main', squash_merges: true, preview_context: DEPLOY_PREVIEW_CONTEXT },
    ...(localBackend
      ? { local_backend: { url: localBackend, allowed_hosts: ['localhost', '127.0.0.1'] } }
      : { publish_mode: 'editorial_workflow' }),
    media_folder: CREATIVES_FOLDER,
    public_folder: '',
    site_url: '/promo/',
    display_url: '/promo/',
    logo_url: '',
    search: true,
    slug: { encoding: 'ascii', clean_accents: true },
    collections: [promotionsCollection(choices, now), marketsCollection(choices), textsCollection(choices)],
  };
}
