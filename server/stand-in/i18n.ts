import { pageLanguages, type PageLanguage } from './repo-data';

/**
 * The main site numbers its interface languages. Several page languages share an id (ru, kz and ua
 * all use 1 because those pages talk to the Russian-language site), so the ids the landing sends
 * are pinned to a page language first and the remaining ones come from data/languages.json.
 */
const PINNED_LANG_IDS: Record<number, string> = { 1: 'ru', 2: 'en', 6: 'br', 1091: 'uz' };

export const DEFAULT_PAGE_LANGUAGE = 'ru';
export const FALLBACK_LOCALE = 'en';

/** The page language a lang_id stands for, or undefined for ids the main site does not know. */
export function pageLanguageForLangId(langId: number): PageLanguage | undefined {
  const pinned = PINNED_LANG_IDS[langId];
  if (pinned) return findPageLanguage(pinned);
  return pageLanguages().find((language) => language.langId === langId);
}

function canonicalLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/** Parses a lang_id query value; undefined when it is missing or not a plain non-negative integer. */
export function parseLangId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value);
}

/** Locale for a lang_id; ids the main site does not know fall back to English, as the real site does. */
export function localeForLangId(langId: number): string {
  const language = pageLanguageForLangId(langId);
  return language ? canonicalLocale(language.locale) : FALLBACK_LOCALE;
}

export function findPageLanguage(code: string | undefined): PageLanguage | undefined {
  if (!code) return undefined;
  return pageLanguages().find((language) => language.code === code.toLowerCase());
}

export function localeForPageLanguage(code: string | undefined): string {
  const language = findPageLanguage(code);
  return language ? canonicalLocale(language.locale) : canonicalLocale(DEFAULT_PAGE_LANGUAGE);
}

/** Page language → lang_id, for answers that name the language they were written in. */
export function langIdForPageLanguage(code: string): number {
  return findPageLanguage(code)?.langId ?? 1;
}

const displayNameCache = new Map<string, Intl.DisplayNames>();

function displayNames(locale: string, type: 'region' | 'currency' | 'language'): Intl.DisplayNames {
  const key = `${locale}|${type}`;
  let names = displayNameCache.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale, FALLBACK_LOCALE], { type, fallback: 'code' });
    displayNameCache.set(key, names);
  }
  return names;
}

/** Upper-cases the first letter: some locales (ru, uk) give currency names in lower case mid-sentence form. */
function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

export function regionName(code: string, locale: string): string {
  return displayNames(locale, 'region').of(code.toUpperCase()) ?? code;
}

/** Undefined for codes Intl has no name for (USDT is not ISO 4217); callers supply their own then. */
export function currencyName(code: string, locale: string): string | undefined {
  if (!/^[A-Z]{3}$/.test(code)) return undefined;
  const name = displayNames(locale, 'currency').of(code);
  if (!name || name === code) return undefined;
  return capitalise(name, locale);
}

export function languageSelfName(locale: string): string {
  const name = displayNames(locale, 'language').of(locale) ?? locale;
  return capitalise(name, locale);
}
