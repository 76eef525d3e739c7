/** What the host imitation and the main-site stand-in both read off a request: its path and its cookies. */
import type { FastifyRequest } from 'fastify';

export function requestPath(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const question = url.indexOf('?');
  return question === -1 ? url : url.slice(0, question);
}

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
