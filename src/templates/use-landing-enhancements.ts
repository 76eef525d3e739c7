import { useEffect, useRef } from 'react';
import type { MainSitePage } from '../components/site-link';
import { COUNTDOWN_ID } from '../features/countdown/units';
import { pointMainSiteLinks } from '../features/links/point-links';
import { openForm } from '../early/open-form';
import { LOGGED_IN_ATTRIBUTE } from '../domain/login';
// Only the type: the codes are checked against the catalogue, and its module stays out of the first load.
import type { ClickEventCode } from '../domain/tracking';
import { earlyState } from '../early/hand-over';
import type { LandingPageContext } from '../domain/page-context';
import type { Translate } from '../site/texts';

const TRACKED: readonly ClickEventCode[] = ['click_logo_landing', 'click_rules_landing'];

export interface Enhancements {
  linkTo: (page: MainSitePage) => string;
  loggedIn: boolean;
  trackClick: (code: ClickEventCode) => void;
  t: Translate;
}

/**
 * What the browser does to the landing's static HTML, none of which needs React to render it again:
 * points the main-site links for this visitor, shows the links of their login state, runs the
 * countdown, and handles the clicks the page delegates (tracked links, the rules, the calls to the form
 * where the first-screen script is not there to do it).
 */
export function useLandingEnhancements(page: LandingPageContext, { linkTo, loggedIn, trackClick, t }: Enhancements): void {
  useEffect(() => pointMainSiteLinks(document, linkTo), [linkTo]);

  useEffect(() => {
    document.documentElement.toggleAttribute(LOGGED_IN_ATTRIBUTE, loggedIn);
  }, [loggedIn]);

  // Its code comes only to the landings that show one, beside the first load rather than in it.
  useEffect(() => {
    const box = document.getElementById(COUNTDOWN_ID);
    if (!box || page.promotion.permanent) return;
    let stop: (() => void) | null = null;
    let active = true;
    import('../features/countdown/run-countdown').then(
      ({ runCountdown }) => {
        if (active) stop = runCountdown(box, page.promotion.date, { figures: page.formats.figures, labels: page.formats.countdown });
      },
      // Without its code the countdown keeps the time the build wrote: the page goes on.
      () => undefined,
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [page]);

  // The click handler reads the newest values without being added again on every change.
  const latest = useRef({ loggedIn, trackClick, t });
  useEffect(() => {
    latest.current = { loggedIn, trackClick, t };
  });

  useEffect(() => {
    const early = earlyState();
    const showRules = (opener: HTMLElement) => {
      latest.current.trackClick('click_rules_landing');
      void import('../features/rules/open-rules').then(({ openRules }) =>
        openRules({ promoId: page.promo.id, language: page.country, t: latest.current.t, opener }),
      );
    };
    // Asked for before this code was there: the first-screen script kept the click.
    if (early?.rulesAsked) {
      const opener = early.rulesAsked;
      early.rulesAsked = null;
      showRules(opener);
    }
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const rules = target?.closest<HTMLElement>('[data-open-rules]');
      if (rules) {
        if (early) early.rulesAsked = null;
        showRules(rules);
      }
      const tracked = target?.closest<HTMLElement>('[data-track]')?.dataset.track;
      if (tracked && (TRACKED as readonly string[]).includes(tracked)) latest.current.trackClick(tracked as ClickEventCode);
      if (!early && target?.closest('[data-open-form]') && !latest.current.loggedIn && openForm(document)) event.preventDefault();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [page]);
}
