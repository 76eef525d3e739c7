import { isValidPartnerUid, isValidPromoCode, parsePartnerParams, type PartnerParams } from '../domain/partner';

export const STORAGE_KEYS = { partnerUid: 'zpartner_uid', promoCode: 'promo_code' } as const;

/** Stored values are checked again on the way out: storage is shared with other scripts of the origin. */
export function readPartnerParams(storage: Storage | null): PartnerParams {
  const uid = storage?.getItem(STORAGE_KEYS.partnerUid) ?? null;
  const code = storage?.getItem(STORAGE_KEYS.promoCode) ?? null;
  return {
    partnerUid: uid !== null && isValidPartnerUid(uid) ? uid : null,
    promoCode: code !== null && isValidPromoCode(code) ? code : null,
  };
}

/**
 * Spec 4: the partner's parameters are captured on arrival and kept for the visit and later ones.
 * A new valid value from the URL replaces the stored one; an invalid one changes nothing.
 */
export function capturePartnerParams(search: string, storage: Storage | null): PartnerParams {
  const fromUrl = parsePartnerParams(search);
  if (storage) {
    if (fromUrl.partnerUid) storage.setItem(STORAGE_KEYS.partnerUid, fromUrl.partnerUid);
    if (fromUrl.promoCode) storage.setItem(STORAGE_KEYS.promoCode, fromUrl.promoCode);
  }
  const stored = readPartnerParams(storage);
  return {
    partnerUid: fromUrl.partnerUid ?? stored.partnerUid,
    promoCode: fromUrl.promoCode ?? stored.promoCode,
  };
}
