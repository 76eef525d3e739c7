/**
 * The rules of the plain-markup components (ButtonLink, PageSection), written before every styled rule:
 * in the built page's own stylesheet first (gatsby-ssr.tsx), or, where React renders without server
 * HTML (develop, a client-side navigation), in a <style> put first in the head. A styled extension of
 * one of them (styled(PageSection)`...`) therefore overrides them by order, whatever order the modules
 * load in.
 */
import { BUTTON_LINK_RULES } from '../components/Button';
import { PAGE_SECTION_RULES } from '../components/PageSection';
import { BUILT_STYLES_ATTRIBUTE } from './server-styles';

/** Plain rules written out readable beside their markup, as the page carries them: without the layout whitespace. */
export function compactRules(rules: string): string {
  return rules
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export const BASE_RULES = compactRules([BUTTON_LINK_RULES, PAGE_SECTION_RULES].join(''));

const BASE_STYLES_ATTRIBUTE = 'data-base-styles';

/** Puts the base rules first in the head, unless the built page's stylesheet (which holds them) or an earlier call did. */
export function ensureBaseRules(document: Document): void {
  if (document.querySelector(`style[${BUILT_STYLES_ATTRIBUTE}], style[${BASE_STYLES_ATTRIBUTE}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(BASE_STYLES_ATTRIBUTE, '');
  style.textContent = BASE_RULES;
  document.head.prepend(style);
}
