/** Country names in a locale, for every ISO 3166 code the locale data names ({ KZ: "Қазақстан", … }). */
export function regionNames(locale: string): Record<string, string> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const out: Record<string, string> = {};
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (name && name !== code) out[code] = name;
    }
  }
  return out;
}
