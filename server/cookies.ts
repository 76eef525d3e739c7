import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'zsid';
export const LANG_COOKIE = 'lang';
export const IMPRINT_COOKIE = 'imprint';

export function readCookies(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie;
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // A cookie someone else wrote with a stray '%' is still worth reading raw.
    }
    if (!(name in cookies)) cookies[name] = value;
  }
  return cookies;
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return readCookies(request)[name];
}

export interface CookieOptions {
  httpOnly?: boolean;
  maxAgeSeconds?: number;
}

/** Fastify appends repeated set-cookie headers, so several cookies can be set in one answer. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly) parts.push('HttpOnly');
  reply.header('set-cookie', parts.join('; '));
}
