/** The JSON Schemas editors autocomplete with are current and accept the shipped tables. */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { jsonSchemas } from '../../../../build/tables/json-schemas';
import { DATA_DIR } from '../../../fixtures/tables';

const schemas = jsonSchemas();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'));

test.each(Object.keys(schemas))('data/schemas/%s is up to date (run `npm run schemas` after changing build/tables/schemas.ts)', (file) => {
  expect(read(`schemas/${file}`)).toEqual(schemas[file]);
});

const tables = [
  ...['brands', 'languages', 'slugs', 'offers', 'promo-codes', 'socials', 'payments', 'promotions', 'casino-games'].map((name) => [
    `${name}.json`,
    name,
  ]),
  ...fs.readdirSync(path.join(DATA_DIR, 'i18n')).map((file) => [`i18n/${file}`, 'i18n']),
];

test.each(tables)('%s names its schema and passes it', (file, name) => {
  const table = read(file);
  expect(table.$schema).toBe(`${file.startsWith('i18n/') ? '..' : '.'}/schemas/${name}.schema.json`);
  const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(
    schemas[`${name}.schema.json`] as object,
  );
  expect(validate(table) ? [] : validate.errors).toEqual([]);
});

test('the schema catches what an editor gets wrong: an unknown field in a promotion row', () => {
  const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schemas['promotions.schema.json'] as object);
  const table = read('promotions.json');
  table.promotions[0] = { ...table.promotions[0], ends: '2099-12-31' };
  expect(validate(table)).toBe(false);
});
