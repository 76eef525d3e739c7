import { ApiError } from './errors';
import { findPromoCode } from './repo-data';

export const BRANDS = ['zenit', 'zenbet', 'cupis'] as const;

/** Spec 5: letters and digits only (any script), as the landing checks them (src/domain/partner.ts). */
const PROMO_CODE_PATTERN = /^[\p{L}\p{Nd}]{1,32}$/u;

export function checkBrand(brand: string | undefined): string | undefined {
  if (brand !== undefined && !(BRANDS as readonly string[]).includes(brand)) {
    throw new ApiError(422, 'brand_invalid', `Unknown brand; expected one of ${BRANDS.join(', ')}`, 'brand');
  }
  return brand;
}

/** A code is valid when data/promo-codes.json lists it (for the given brand, when one is given). */
export function checkPromoCode(code: string | undefined, brand?: string): { promo_id: number } {
  if (code === undefined || code.trim() === '') {
    throw new ApiError(422, 'promo_code_invalid', 'Promo code is required', 'promo_code');
  }
  if (!PROMO_CODE_PATTERN.test(code.trim())) {
    throw new ApiError(422, 'promo_code_invalid', 'Promo code may contain only letters and digits', 'promo_code');
  }
  const entry = findPromoCode(code, brand);
  if (!entry) throw new ApiError(422, 'promo_code_invalid', 'Promo code not found or no longer active', 'promo_code');
  return { promo_id: entry.promoId };
}
