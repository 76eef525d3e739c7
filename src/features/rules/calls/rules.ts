/** Spec 7 POST /ajax/html/get: the promotion's rules as HTML, in the language the main site chose. */
import { call, formBody, type ApiResult } from '../../../main-site/client';
import { CALLS, readRules, type PromotionRules } from '../../../main-site/contract';
import { safeStorage } from '../../../runtime/storage';

export type { PromotionRules };

export const RULES_BLOCK = 'freebet_rules';
/** Spec 7 "Sets language storage value". */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** Storage can be missing (server rendering) or refuse writes (private mode, quota); the rules still show. */
function rememberLanguage(lang: string): void {
  if (!lang) return;
  try {
    safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Nothing to do: the language is only a hint for the next visit.
  }
}

export async function fetchPromotionRules(promoId: number, lang: string, signal?: AbortSignal): Promise<ApiResult<PromotionRules>> {
  const result = await call(
    CALLS.rules.path,
    async (api) => {
      const body = await formBody({
        id: [RULES_BLOCK],
        data: { promo_id: promoId },
        constant: 1,
        // An empty lang would be refused; without one the main site uses the visitor's cookie.
        lang: lang || undefined,
      });
      return api.post(CALLS.rules.path, body, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, signal });
    },
    (data) => readRules(data, RULES_BLOCK, lang),
  );
  if (result.ok) rememberLanguage(result.data.lang);
  return result;
}
