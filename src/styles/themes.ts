import type { Brand } from '../domain/links';

export interface Theme {
  /** Page background and text. */
  background: string;
  surface: string;
  text: string;
  muted: string;
  /** The brand's call-to-action colour and the text on it; pairs chosen for WCAG AA contrast. */
  accent: string;
  onAccent: string;
  link: string;
  focus: string;
}

export const THEMES: Record<Brand, Theme> = {
  zenit: {
    background: '#0b1f3a',
    surface: '#13315c',
    text: '#ffffff',
    muted: '#c9d6ea',
    accent: '#ffd400',
    onAccent: '#0b1f3a',
    link: '#9fd0ff',
    focus: '#ffd400',
  },
  zenbet: {
    background: '#121212',
    surface: '#1f1f1f',
    text: '#ffffff',
    muted: '#d0d0d0',
    accent: '#ff7a00',
    onAccent: '#121212',
    link: '#ffb366',
    focus: '#ffb366',
  },
  cupis: {
    background: '#0a2463',
    surface: '#143582',
    text: '#ffffff',
    muted: '#cfdaf5',
    accent: '#3ddc97',
    onAccent: '#0a2463',
    link: '#a9c6ff',
    focus: '#3ddc97',
  },
};

/** The custom property that holds each colour on the page (GlobalStyle sets them on <html> for the page's brand). */
const PROPERTIES: Record<keyof Theme, string> = {
  background: '--promo-background',
  surface: '--promo-surface',
  text: '--promo-text',
  muted: '--promo-muted',
  accent: '--promo-accent',
  onAccent: '--promo-on-accent',
  link: '--promo-link',
  focus: '--promo-focus',
};

/**
 * The brand's colours as the styles use them: references to custom properties, not values. So a style
 * is the same text for every brand, needs no theme at render time, and the browser's first load carries
 * no styling library for the parts React renders there.
 */
export const color = Object.fromEntries(Object.entries(PROPERTIES).map(([key, property]) => [key, `var(${property})`])) as Record<
  keyof Theme,
  string
>;

/** Each custom property with a brand's value. */
export function themeEntries(theme: Theme): Array<[property: string, value: string]> {
  return (Object.keys(PROPERTIES) as Array<keyof Theme>).map((key) => [PROPERTIES[key], theme[key]]);
}

/** The declarations that give the custom properties a brand's values. */
export function themeProperties(theme: Theme): string {
  return themeEntries(theme)
    .map(([property, value]) => `${property}:${value};`)
    .join('');
}
