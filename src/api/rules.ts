/** Spec 7 POST /ajax/html/get: the promotion's rules as HTML, in the language the main site chose. */
import { api, call, formBody, resultOf, type ApiResult } from './client';

export const RULES_BLOCK = 'freebet_rules';
/** Spec 7 "Sets language storage value". */
export const LANGUAGE_STORAGE_KEY = 'lang';

export interface PromotionRules {
  /** Markup from the main site, meant for the rules dialog. */
  html: string;
  lang: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function parseRules(data: unknown, requestedLang: string): PromotionRules | null {
  const result = resultOf(data);
  if (!isRecord(result) || typeof result[RULES_BLOCK] !== 'string') return null;
  const lang = typeof result.lang === 'string' && result.lang !== '' ? result.lang : requestedLang;
  return { html: result[RULES_BLOCK], lang };
}

/** Storage can be missing (server rendering) or refuse writes (private mode, quota); the rules still show. */
function rememberLanguage(lang: string): void {
  if (!lang) return;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Nothing to do: the language is only a hint for the next visit.
  }
}

export async function fetchPromotionRules(promoId: number, lang: string, signal?: AbortSignal): Promise<ApiResult<PromotionRules>> {
  const result = await call(
    '/ajax/html/get',
    async () => {
      const body = await formBody({
        id: [RULES_BLOCK],
        data: { promo_id: promoId },
        constant: 1,
        // An empty lang would be refused; without one the main site uses the visitor's cookie.
        lang: lang || undefined,
      });
      return api.post('/ajax/html/get', body, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, signal });
    },
    (data) => parseRules(data, lang),
  );
  if (result.ok) rememberLanguage(result.data.lang);
  return result;
}
