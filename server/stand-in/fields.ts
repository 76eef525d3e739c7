/**
 * Reading fields out of a parsed body. Multipart bodies arrive as `{name: string | string[] | Buffer}`
 * and form bodies as qs-parsed nested objects; both are read the way PHP would: for a repeated
 * scalar field the last value wins.
 */
export type Fields = Record<string, unknown>;

export function asFields(body: unknown): Fields {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Fields) : {};
}

export function stringField(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const last = value[value.length - 1];
    return typeof last === 'string' ? last : undefined;
  }
  return undefined;
}

/** A field counts as given when it holds a non-blank string, matching the landing's habit of omitting empty fields. */
export function givenField(fields: Fields, name: string): string | undefined {
  const value = stringField(fields, name);
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

export function hasField(fields: Fields, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(fields, name);
}
