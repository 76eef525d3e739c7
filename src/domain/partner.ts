/** URL parameters a partner link may carry (spec 4). */
export const PARTNER_UID_PARAM = 'zpartner_uid';
/** Promo code parameters, most specific first. */
export const PROMO_CODE_PARAMS = ['promo_code', 'promocode', 'code'] as const;

/** Spec 5: lower-case letters and digits only, at most 36 characters. */
export const PARTNER_UID = /^[a-z0-9]{1,36}$/;
export const PROMO_CODE_MAX_LENGTH = 32;
/** Spec 5: a promo code is letters and digits only. */
export const PROMO_CODE = /^[\p{L}\p{Nd}]+$/u;

export interface PartnerParams {
  partnerUid: string | null;
  promoCode: string | null;
}

export function isValidPartnerUid(value: string): boolean {
  return PARTNER_UID.test(value);
}

export function isValidPromoCode(value: string): boolean {
  return value.length <= PROMO_CODE_MAX_LENGTH && PROMO_CODE.test(value);
}

function lastValue(params: URLSearchParams, name: string): string | null {
  const all = params.getAll(name);
  return all.length ? all[all.length - 1] : null;
}

/**
 * Reads the partner's parameters from a query string. Only the last occurrence of each counts
 * (spec 5); a value that breaks its rule is dropped, never repaired, so nothing hostile is kept.
 */
export function parsePartnerParams(search: string): PartnerParams {
  const params = new URLSearchParams(search);
  const uid = lastValue(params, PARTNER_UID_PARAM);
  let promoCode: string | null = null;
  for (const name of PROMO_CODE_PARAMS) {
    const value = lastValue(params, name)?.trim();
    if (value && isValidPromoCode(value)) {
      promoCode = value;
      break;
    }
  }
  return { partnerUid: uid !== null && isValidPartnerUid(uid) ? uid : null, promoCode };
}
