import { createGlobalStyle } from 'styled-components';
import type { Brand } from '../domain/links';
import { color, THEMES, themeProperties } from './themes';

/** The page-wide rules, and the brand's colours as the custom properties every style reads (themes.ts). */
export const GlobalStyle = createGlobalStyle<{ $brand: Brand }>`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; ${({ $brand }) => themeProperties(THEMES[$brand])} }
  body {
    margin: 0;
    min-width: 320px;
    background: ${color.background};
    color: ${color.text};
    /* The browser's own size (the visitor's setting), never a fixed one: every size and most spacing are rem. */
    font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, sans-serif;
    /* A word longer than its line (large text, a narrow screen) breaks rather than push the page sideways;
       "anywhere" also lets boxes sized by their content (tabs, buttons) shrink below their longest word. */
    overflow-wrap: anywhere;
  }
  /* Where the page's language has hyphenation (its lang attribute), long words in headings and on buttons break at a hyphen. */
  h1, h2, h3, button, .button-link { -webkit-hyphens: auto; hyphens: auto; }
  a { color: ${color.link}; }
  :focus-visible { outline: 3px solid ${color.focus}; outline-offset: 2px; }
  /* The wrapper React keeps around static HTML (runtime/static-part.tsx) takes no part in the layout. */
  [data-static] { display: contents; }
  /* The built page holds the links of both login states; the visitor's picks one (components/site-link.ts). */
  html:not([data-logged-in]) [data-audience='logged-in'],
  html[data-logged-in] [data-audience='anonymous'] { display: none !important; }
  /* A registration sent before the form's code came is held until it comes (src/early/held-submit.ts). */
  html[data-registration-held] #registration button[type='submit'] { cursor: progress; opacity: 0.75; }
  #registration-held {
    position: fixed;
    inset: auto 12px 12px;
    z-index: 20;
    max-width: 560px;
    margin: 0 auto;
    padding: 0.75rem 1rem;
    border-radius: 8px;
    background: ${color.surface};
    color: ${color.text};
    box-shadow: 0 4px 16px rgba(0, 0, 0, 0.4);
  }
  /* Sections below the screen come alive as they scroll in (src/features/reveal/reveal.ts). */
  @media (prefers-reduced-motion: no-preference) {
    [data-reveal-state='waiting'] { opacity: 0; transform: translateY(24px); }
    [data-reveal-state='shown'] { transition: opacity 0.4s ease-out, transform 0.4s ease-out; }
  }
  @media print {
    [data-reveal-state] { opacity: 1 !important; transform: none !important; }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; }
  }
`;
