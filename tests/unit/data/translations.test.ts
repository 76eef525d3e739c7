/** Every language has every text, and no text was left in English or in another script by mistake. */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(__dirname, '../../../data/i18n');
const load = (code: string): Record<string, string> => {
  const { $schema: _schema, ...texts } = JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8'));
  return texts;
};
const en = load('en');
const languages = fs
  .readdirSync(dir)
  .map((file) => file.replace(/\.json$/, ''))
  .filter((code) => code !== 'en');

/** Names and tokens that stay as they are in every language. */
const KEPT =
  /\{\w+\}|Android|iOS|Windows|CS2|Dota 2|League of Legends|US Open|reCAPTCHA|Google|Tag Manager|Yandex Metrica|[Cc]ookie|SMS|E-mail|24\/7|18\+|©/g;
const strip = (text: string) => text.replace(KEPT, '');

const SCRIPT: Record<string, RegExp> = {
  ae: /\p{Script=Arabic}/u,
  ir: /\p{Script=Arabic}/u,
  bn: /\p{Script=Bengali}/u,
  ru: /\p{Script=Cyrillic}/u,
  ua: /\p{Script=Cyrillic}/u,
  kz: /\p{Script=Cyrillic}/u,
};
const LATIN_LANGUAGES = ['br', 'de', 'fr', 'mx', 'vi', 'tr', 'uz', 'tm', 'sw'];
const ENGLISH_WORDS = /\b(the|and|your|you|with|please|try again|sign up|log in|download|free|wrong|enter)\b/i;

test('all 16 languages are there', () => {
  expect([...languages, 'en'].sort()).toEqual([
    'ae',
    'bn',
    'br',
    'de',
    'en',
    'fr',
    'ir',
    'kz',
    'mx',
    'ru',
    'sw',
    'tm',
    'tr',
    'ua',
    'uz',
    'vi',
  ]);
});

test.each(languages)('%s has exactly the keys of en.json', (code) => {
  expect(Object.keys(load(code))).toEqual(Object.keys(en));
});

test.each(Object.keys(SCRIPT))('%s: every text is written in its own script, no Latin words left', (code) => {
  const texts = load(code);
  const wrong = Object.entries(texts).filter(
    ([, text]) => /[A-Za-z]/.test(strip(text)) || (strip(text).trim() && !SCRIPT[code].test(strip(text))),
  );
  expect(wrong).toEqual([]);
});

test.each(LATIN_LANGUAGES)('%s: no text is the English one or carries English words; no Cyrillic', (code) => {
  const texts = load(code);
  // Sport names are often the same word (de "Tennis", fr "Basketball"): only they may equal English.
  const copied = Object.entries(texts).filter(
    ([key, text]) => !key.startsWith('sport.') && strip(text).trim().length > 3 && text === en[key],
  );
  const english = Object.entries(texts).filter(([, text]) => ENGLISH_WORDS.test(strip(text)));
  const cyrillic = Object.entries(texts).filter(([, text]) => /\p{Script=Cyrillic}/u.test(text));
  expect({ copied, english, cyrillic }).toEqual({ copied: [], english: [], cyrillic: [] });
});

/**
 * A control whose spoken name is not its text names it first (WCAG 2.5.3, label in name): a visitor
 * who drives the phone by voice says what the button shows, and a screen reader reads the same words.
 */
const NAMED_AFTER_THEIR_TEXT: [name: string, shown: string][] = [
  ['casino.playOf', 'cta.play'],
  ['casino.demoOf', 'cta.demo'],
];

test.each([...languages, 'en'])("%s: a game button's name starts with the words on it", (code) => {
  const texts = load(code);
  for (const [name, shown] of NAMED_AFTER_THEIR_TEXT) {
    expect({ key: name, text: texts[name].slice(0, texts[shown].length) }).toEqual({ key: name, text: texts[shown] });
    expect(texts[name]).toContain('{game}');
  }
});
