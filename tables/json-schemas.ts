/** JSON Schemas of the tables, made from the zod schemas so the two never disagree. */
import { z } from 'zod';
import { TABLE_SCHEMAS } from './schemas';

export const SCHEMA_DIR = 'schemas';

/** data/schemas/<name>.schema.json for a table file pattern ("i18n/*.json" → i18n, "promotions/{brand}/…" → promotions). */
export function schemaFileName(tableFile: string): string {
  return `${tableFile.split('/')[0].replace(/\.json$/, '')}.schema.json`;
}

/** A table whose files name their schema with "$schema"; a promotion's file is found by its place instead. */
const namesItsSchema = (tableFile: string) => !tableFile.startsWith('promotions/');

export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [tableFile, schema] of Object.entries(TABLE_SCHEMAS)) {
    const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    const properties = (generated.properties ?? {}) as Record<string, unknown>;
    if (!namesItsSchema(tableFile)) {
      out[schemaFileName(tableFile)] = { ...generated, title: `data/${tableFile}` };
      continue;
    }
    out[schemaFileName(tableFile)] = {
      ...generated,
      title: `data/${tableFile}`,
      // Editors find the schema through "$schema"; the loader drops that key before checking.
      properties: { $schema: { type: 'string' }, ...properties },
      ...(generated.additionalProperties !== undefined && typeof generated.additionalProperties === 'object'
        ? { propertyNames: { anyOf: [{ const: '$schema' }, (generated as { propertyNames?: unknown }).propertyNames ?? {}] } }
        : {}),
    };
  }
  return out;
}
