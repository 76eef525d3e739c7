/**
 * GET query strings without qs. Every GET call passes flat params, and qs with its dependencies made
 * the bundle every page loads cost a long task on a throttled phone. The output is exactly what
 * qs.stringify(params, { arrayFormat: 'indices' }) gives for flat params (tests/unit/main-site/query-params.test.ts).
 */

import { encodeComponent } from '../domain/form-encoding';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

function isQueryValue(value: unknown): value is QueryValue {
  return value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Throws a TypeError on a nested or other non-flat value instead of sending a query that differs
 * from qs's; inside `call()` that becomes a failed call like any other.
 */
export function serializeQueryParams(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (!isQueryValue(value)) {
      throw new TypeError(`GET params are written without qs: "${key}" must be a string, number or boolean`);
    }
    // As qs does: undefined leaves the key out, null sends it empty.
    if (value === undefined) continue;
    pairs.push(`${encodeComponent(key)}=${value === null ? '' : encodeComponent(String(value))}`);
  }
  return pairs.join('&');
}
