/** The JSON Schemas editors autocomplete with are current and accept the shipped tables. */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { jsonSchemas } from '../../../tables/json-schemas';
import { DATA_DIR, promotionRows } from '../../fixtures/tables';

const schemas = jsonSchemas();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'));

test.each(Object.keys(schemas))('data/schemas/%s is up to date (run `npm run schemas` after changing tables/schemas.ts)', (file) => {
  expect(read(`schemas/${file}`)).toEqual(schemas[file]);
});

const tables = [
  ...['brands', 'languages', 'slugs', 'offers', 'promo-codes', 'socials', 'payments', 'casino-games'].map((name) => [`${name}.json`, name]),
  ...fs.readdirSync(path.join(DATA_DIR, 'i18n')).map((file) => [`i18n/${file}`, 'i18n']),
  ...fs.readdirSync(path.join(DATA_DIR, 'markets')).map((file) => [`markets/${file}`, 'markets']),
];

test.each(tables)('%s names its schema and passes it', (file, name) => {
  const table = read(file);
  expect(table.$schema).toBe(`${file.includes('/') ? '..' : '.'}/schemas/${name}.schema.json`);
  const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(
    schemas[`${name}.schema.json`] as object,
  );
  expect(validate(table) ? [] : validate.errors).toEqual([]);
});

test("every landing's file passes the schema of one promotion row, and names no schema of its own", () => {
  const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(
    schemas['promotions.schema.json'] as object,
  );
  const rows = promotionRows();
  expect(rows).toHaveLength(720);
  expect(rows.flatMap((row) => (validate(row) ? [] : [{ row, errors: validate.errors }]))).toEqual([]);
  expect(rows.filter((row) => '$schema' in row)).toEqual([]);
});

test('the schema catches what an editor gets wrong: an unknown field or a "$schema" in a promotion row', () => {
  const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schemas['promotions.schema.json'] as object);
  const row = { brand: 'zenit', country: 'ru', slug: 'quiz', date: '2099-12-31' };
  expect(validate(row)).toBe(true);
  expect(validate({ ...row, ends: '2099-12-31' })).toBe(false);
  expect(validate({ $schema: '../../../schemas/promotions.schema.json', ...row })).toBe(false);
  expect(validate({ brand: 'zenit', country: 'ru', date: '2099-12-31' })).toBe(false);
});
