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
