/**
 * Query strings and form bodies as qs writes them (`qs.stringify(fields, { arrayFormat: 'indices' })`:
 * nested keys like additional_data[detail][name], RFC 3986 escaping), without loading qs. GET calls, the
 * tracker's beacon and the inline first-screen script use these; tests hold them against qs itself.
 */

/** qs escapes everything but RFC 3986's unreserved characters; encodeURIComponent also spares !'()*. */
export function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** As qs: undefined leaves a key out, null sends it empty, a Date goes as its ISO time, objects and arrays nest. */
export function encodeFormFields(fields: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
    if (value === null) pairs.push(`${encodeComponent(key)}=`);
    else if (value instanceof Date) pairs.push(`${encodeComponent(key)}=${encodeComponent(value.toISOString())}`);
    else if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === 'object') for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    else pairs.push(`${encodeComponent(key)}=${encodeComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return pairs.join('&');
}
