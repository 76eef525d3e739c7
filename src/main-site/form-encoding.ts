/**
 * The spec 9 form encoding (nested keys like additional_data[detail][name]). qs and its dependencies
 * are costly to evaluate, so only code that is itself loaded late imports this module directly;
 * the rest goes through `formBody`, which loads it on first use.
 */
import qs from 'qs';

export function encodeForm(fields: Record<string, unknown>): string {
  return qs.stringify(fields, { arrayFormat: 'indices', encodeValuesOnly: false });
}
