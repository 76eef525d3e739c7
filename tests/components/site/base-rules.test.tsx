/**
 * The plain components' rules (src/site/base-rules.ts) where React renders without server HTML: put first
 * in the head, so any styled rule overrides them by order; never twice, never beside the built page's
 * own stylesheet, which holds them already. And the components wear the classes those rules style.
 */
import { render } from '@testing-library/react';
import React from 'react';
import { ButtonLink } from '../../../src/components/Button';
import { PageSection } from '../../../src/components/PageSection';
import { BASE_RULES, compactRules, ensureBaseRules } from '../../../src/site/base-rules';
import { color, THEMES, themeProperties } from '../../../src/styles/themes';

afterEach(() => {
  document.head.innerHTML = '';
});

test('plain rules are sent without their layout whitespace and last semicolons, selectors and values kept', () => {
  const readable = `
#sheet {
  display: none;
  margin: 0 0 0.25rem;
}
html[data-ask] #sheet button:focus-visible {
  outline: 2px solid var(--focus);
}
`;
  expect(compactRules(readable)).toBe(
    '#sheet{display:none;margin:0 0 0.25rem}html[data-ask] #sheet button:focus-visible{outline:2px solid var(--focus)}',
  );
});

test('without a built stylesheet the rules go first in the head, once', () => {
  document.head.innerHTML = '<style data-styled="active">.x{color:red}</style>';
  ensureBaseRules(document);
  ensureBaseRules(document);
  const styles = [...document.head.querySelectorAll('style')];
  expect(styles).toHaveLength(2);
  expect(styles[0].textContent).toBe(BASE_RULES);
});

test("beside the built page's stylesheet nothing is added", () => {
  document.head.innerHTML = `<style data-built-styles="">${BASE_RULES}</style>`;
  ensureBaseRules(document);
  expect(document.head.querySelectorAll('style')).toHaveLength(1);
});

test('the rules style the classes the components render; every colour they read is one the global style sets', () => {
  ensureBaseRules(document);
  const { container } = render(
    <PageSection narrow aria-label="Form">
      <ButtonLink href="/a">Play</ButtonLink>
      <ButtonLink href="/b" variant="secondary" className="own">
        Log in
      </ButtonLink>
    </PageSection>,
  );
  const section = container.querySelector('section')!;
  expect(section.hasAttribute('data-reveal')).toBe(true);
  expect(getComputedStyle(section).maxWidth).toBe('560px');
  const [primary, secondary] = [...container.querySelectorAll('a')];
  expect(getComputedStyle(primary).display).toBe('inline-flex');
  expect(getComputedStyle(primary).minHeight).toBe('48px');
  // jsdom resolves no custom properties: the colours themselves are checked in Chromium (first-screen.once.spec.ts).
  expect(secondary.classList.contains('own')).toBe(true);
  for (const theme of Object.values(THEMES)) {
    const declared = themeProperties(theme);
    for (const reference of Object.values(color)) expect(declared).toContain(`${/var\((--[\w-]+)\)/.exec(reference)![1]}:`);
    expect(declared).toContain(theme.accent);
  }
});
