/** The visitor's browser fingerprint ("imprint", spec 4) as it is stored and sent. */
export const IMPRINT_KEYS = { hash: 'imprint', sent: 'imprint_sent' } as const;

/** What /ajax/cookie/imprint accepts; a stored value that does not match was not written by us. */
export const IMPRINT_PATTERN = /^[A-Za-z0-9]{1,128}$/;

export function isImprint(value: unknown): value is string {
  return typeof value === 'string' && IMPRINT_PATTERN.test(value);
}
