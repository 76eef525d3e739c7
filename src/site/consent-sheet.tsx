/**
 * The consent choice as the build writes it into a landing of a market that asks (docs/landings.md,
 * "Tracking and consent"): plain HTML before the page's root, outside React, shown and wired by the
 * first-screen script (src/early/consent.ts) before any bundle. A sheet fixed to the bottom of the
 * screen: it moves nothing on the page, its small text is never the largest paint, and it neither takes
 * the focus on load nor keeps it: a labelled region reached first by Tab, left like any other part.
 */
import React from 'react';
import type { ConsentMode } from '../domain/consent';
import { CONSENT_ASK_ATTRIBUTE, CONSENT_SHEET_ID } from '../early/consent-state';
import { color } from '../styles/themes';
import { TYPE } from '../styles/type';
import type { Translate } from './texts';
import { LinkButton } from '../components/LinkButton';
import { compactRules } from './base-rules';

const ID = CONSENT_SHEET_ID;

/**
 * Plain CSS, not a styled component, as ButtonLink's and PageSection's rules are (base-rules.ts): the sheet
 * is drawn from the built HTML and works before any of the app's scripts, and it stands outside React's
 * root, where the styled-components sheet of the page never reaches. It goes in a <style> of its own
 * (gatsby-ssr.tsx), only on the landings of a market that asks.
 *
 * Both choices look the same and sit side by side: refusing is as easy to see and to tap as accepting.
 * The sheet scrolls within half the screen, so its buttons stay reachable whatever the text size; the room
 * it leaves below the page's end keeps it from hiding the last lines, and moves nothing above.
 *
 * It stays unseen until its last button has come: a slow phone paints a frame while the parser is still
 * inside the sheet, and a sheet anchored to the bottom that grows from its title to its buttons moves up,
 * a layout shift. Where :has is unknown the rule is dropped and the sheet shows as it parses.
 */
export const CONSENT_SHEET_RULES = compactRules(`
#${ID} {
  display: none;
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 999;
  box-sizing: border-box;
  max-height: 50vh;
  overflow: auto;
  padding: 0.75rem 1rem;
  background: ${color.surface};
  color: ${color.text};
  font-size: ${TYPE.small};
  line-height: 1.4;
  border-top: 2px solid ${color.muted};
  box-shadow: 0 -4px 16px rgba(0,0,0,.4);
}
html[${CONSENT_ASK_ATTRIBUTE}] #${ID} {
  display: block;
}
#${ID}:not(:has([data-consent='refuse']:not(:empty))) {
  visibility: hidden;
}
html[${CONSENT_ASK_ATTRIBUTE}] body {
  padding-bottom: 12rem;
}
#${ID}:focus {
  outline: 2px solid ${color.focus};
  outline-offset: -4px;
}
#${ID} h2 {
  margin: 0 0 0.25rem;
  font-size: ${TYPE.small};
  font-weight: ${TYPE.bold};
}
#${ID} p {
  margin: 0 0 0.5rem;
}
#${ID} div {
  display: flex;
  gap: 0.75rem;
}
#${ID} button {
  flex: 1 1 0;
  min-height: 44px;
  padding: 0.5rem;
  border: 2px solid ${color.text};
  border-radius: 8px;
  background: transparent;
  color: ${color.text};
  font: inherit;
  font-weight: ${TYPE.bold};
  cursor: pointer;
}
#${ID} button:focus-visible {
  outline: 2px solid ${color.focus};
  outline-offset: 2px;
}
`);

export function ConsentSheet({ mode, t }: { mode: Exclude<ConsentMode, 'none'>; t: Translate }) {
  return (
    <section id={ID} aria-labelledby={`${ID}-title`} tabIndex={-1}>
      <h2 id={`${ID}-title`}>{t('consent.title')}</h2>
      <p>{t(mode === 'opt-in' ? 'consent.optIn' : 'consent.optOut')}</p>
      <div>
        <button type="button" data-consent="accept">
          {t('consent.accept')}
        </button>
        <button type="button" data-consent="refuse">
          {t('consent.refuse')}
        </button>
      </div>
    </section>
  );
}

/** The footer's way back to the choice, at any time: the first-screen script opens the sheet on a click. */
export function ConsentSettingsButton({ label }: { label: string }) {
  return (
    <LinkButton type="button" aria-controls={ID} data-consent-open="">
      {label}
    </LinkButton>
  );
}
