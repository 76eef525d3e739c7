import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'zsid';
export const LANG_COOKIE = 'lang';
export const IMPRINT_COOKIE = 'imprint';

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
