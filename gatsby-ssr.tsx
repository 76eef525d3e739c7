/**
 * Server rendering hooks: styled-components and the Head API do the rest. Every landing's head starts
 * with the first-screen script (src/early) and holds its title and meta tags (src/templates/landing-head.tsx); the hero's placeholder fade is on every page; the metrics
 * counter is added only when its id is configured at build (GATSBY_METRICS_ID), like the tag manager.
 * gatsby-plugin-image's browser helpers are taken out of every head (see UNUSED_IMAGE_HELPERS), and the
 * styled-components sheet is split into plain rules and the markers it reads (src/site/server-styles.ts).
 * The third parties' loaders wait for the visitor's consent where the landing's market asks for it
 * (src/early/consent.ts; docs/landings.md, "Tracking and consent"): see waitForConsent.
 */
import React from 'react';
import type { GatsbySSR } from 'gatsby';
import languages from './data/languages.json';
import { CALLS, countriesUrl } from './src/main-site/contract';
import { parseLandingPath } from './src/domain/paths';
import { inlineEarlyScript } from './src/early/inline-script';
import { HERO_FADE_SCRIPT } from './src/features/hero/hero-fade';
import { metricsCounterId, metricsCounterTags } from './src/site/metrics-counter';
import { CONSENT_SHEET_RULES, ConsentSheet } from './src/site/consent-sheet';
import { makeTranslate } from './src/site/texts';
import { CONSENT_QUEUE } from './src/early/consent-state';
import type { ConsentMode } from './src/domain/consent';
import type { LandingPageContext } from './src/domain/page-context';
import { BUILT_STYLES_ATTRIBUTE, splitServerSheet } from './src/site/server-styles';
import { BASE_RULES } from './src/site/base-rules';
import { SITE_URL } from './src/site/site-url';
import { landingHeadTags, landingHtmlAttributes } from './src/templates/landing-head';

/** The built first-screen script, a constant gatsby-node gives this bundle (src/early/inline-script.ts). */
declare const __PROMO_EARLY_SCRIPT__: string;

const langIds: Record<string, number | undefined> = Object.fromEntries(
  Object.entries(languages.languages).map(([code, language]) => [code, language.langId]),
);

/** A landing's market mode; a page without its context (develop) keeps to the strictest. */
function consentMode(page: LandingPageContext | null): ConsentMode {
  return page?.market.consent ?? 'opt-in';
}

/** The mode of each page rendered, for onPreRenderHTML, which is not handed the page's data. */
const modes = new Map<string, ConsentMode>();

/** The first-screen script for a landing's address; nothing for the index, the 404 page or the app shell. */
function earlyScript(pathname: string, page: LandingPageContext | null): React.ReactElement | null {
  const landing = parseLandingPath(pathname);
  const langId = landing ? langIds[landing.language] : undefined;
  if (!landing || langId === undefined) return null;
  const script = inlineEarlyScript(__PROMO_EARLY_SCRIPT__, {
    countriesUrl: countriesUrl(langId),
    accountUrl: CALLS.account.path,
    trackingUrl: CALLS.tracking.path,
    brand: landing.brand,
    language: landing.language,
    slug: landing.landing,
    experiment: page?.experiment ?? null,
    variant: page?.variant ?? null,
    consent: consentMode(page),
  });
  return <script key="promo-early" dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * A landing's head tags, written here rather than by the Head API: the Head API renders them again in
 * the browser on every load, in a React root of its own, work a static head does not need. Only in the
 * real build: develop has no server render, so there the Head API does it.
 */
function landingPage(pathname: string, loadPageDataSync: (path: string) => unknown): LandingPageContext | null {
  if (process.env.BUILD_STAGE !== 'build-html' || !parseLandingPath(pathname)) return null;
  const data = loadPageDataSync(pathname) as { result?: { pageContext?: LandingPageContext } } | undefined;
  const page = data?.result?.pageContext;
  return page?.promotion ? page : null;
}

function landingHead(page: LandingPageContext | null) {
  if (!page) return null;
  return {
    attributes: landingHtmlAttributes(page),
    tags: <React.Fragment key="landing-head">{landingHeadTags(page, SITE_URL, true)}</React.Fragment>,
  };
}

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHeadComponents,
  setHtmlAttributes,
  setPreBodyComponents,
  setPostBodyComponents,
  loadPageDataSync,
}) => {
  const page = landingPage(pathname, loadPageDataSync);
  const early = earlyScript(pathname, page);
  const head = landingHead(page);
  const mode = page ? consentMode(page) : null;
  if (mode) modes.set(pathname, mode);
  else modes.delete(pathname);
  const asks = page && mode !== null && mode !== 'none';
  if (head) setHtmlAttributes(head.attributes);
  setHeadComponents([
    ...(early ? [early] : []),
    ...(head ? [head.tags] : []),
    ...(asks ? [<style key="consent-sheet" dangerouslySetInnerHTML={{ __html: CONSENT_SHEET_RULES }} />] : []),
  ]);
  if (asks) setPreBodyComponents([<ConsentSheet key="consent-sheet" mode={mode} t={makeTranslate(page.texts)} />]);
  const id = metricsCounterId(process.env.GATSBY_METRICS_ID);
  // The hero's placeholder fade reads the page as parsed, before any bundle runs (src/features/hero).
  // The counter only on a landing, where the first-screen script keeps the market's rule; its <noscript>
  // pixel only where the market asks nothing, as a visitor without scripts can make no choice.
  setPostBodyComponents([
    <script key="hero-fade" dangerouslySetInnerHTML={{ __html: HERO_FADE_SCRIPT }} />,
    ...(id && mode ? metricsCounterTags(id, mode === 'none') : []),
  ]);
};

const TAG_MANAGER_KEY = 'plugin-google-tagmanager';

/**
 * gatsby-plugin-google-tagmanager's inline loader runs as the page parses. Kept as the plugin writes it,
 * it is handed to the first-screen script's queue (src/early/consent.ts), which runs it at once where the
 * market and the visitor's choice allow tracking and on an accept otherwise, after the Consent Mode
 * signals. A page without the script (the index, the 404 page) has no market to keep and loads nothing.
 * The frame of its <noscript> goes where the pixel goes (see onRenderBody).
 */
function waitForConsent(tag: React.ReactNode): React.ReactNode {
  if (!React.isValidElement<{ dangerouslySetInnerHTML?: { __html?: string } }>(tag) || tag.key !== TAG_MANAGER_KEY || tag.type !== 'script')
    return tag;
  const loader = tag.props.dangerouslySetInnerHTML?.__html ?? '';
  const queued = `(function(q){q&&q.push(function(){${loader}})})(window.${CONSENT_QUEUE});`;
  return <script key={TAG_MANAGER_KEY} dangerouslySetInnerHTML={{ __html: queued }} />;
}

/** The first-screen script first in the head: the tag manager's loader, which a plugin puts earlier, needs its queue. */
const earlyFirst = (tags: React.ReactNode[]): React.ReactNode[] => {
  const isEarly = (tag: React.ReactNode) => React.isValidElement(tag) && tag.key === 'promo-early';
  return [...tags.filter(isEarly), ...tags.filter((tag) => !isEarly(tag))];
};

/**
 * The head tags gatsby-plugin-image adds to every page for its GatsbyImage component: a style, a noscript
 * style and a module script that fades a GatsbyImage in once loaded. No page renders GatsbyImage (the
 * pictures are plain <picture>s from the plugin's resolver, src/components/Picture.tsx), so on every
 * landing they were only a module script to compile and a load listener in the first parse.
 * The build test fails if a page ever holds GatsbyImage markup.
 */
const UNUSED_IMAGE_HELPERS = new Set(['gatsby-image-style', 'gatsby-image-style-noscript', 'gatsby-image-style-script']);

type StyleProps = { 'data-styled'?: string; 'data-styled-version'?: string; dangerouslySetInnerHTML?: { __html?: string } };

/** The styled-components server sheet as two tags: the base rules and its rules as plain CSS, then its markers alone. */
function splitStyledSheet(tag: React.ReactNode): React.ReactNode[] {
  if (!React.isValidElement<StyleProps>(tag) || tag.type !== 'style' || tag.props['data-styled'] === undefined) return [tag];
  const { rules, markers } = splitServerSheet(tag.props.dangerouslySetInnerHTML?.__html ?? '');
  const builtStyles = { [BUILT_STYLES_ATTRIBUTE]: '' };
  return [
    <style key="built-styles" {...builtStyles} dangerouslySetInnerHTML={{ __html: `${BASE_RULES}\n${rules}` }} />,
    <style
      key={tag.key ?? 'sc'}
      data-styled=""
      data-styled-version={tag.props['data-styled-version']}
      dangerouslySetInnerHTML={{ __html: markers }}
    />,
  ];
}

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPreBodyComponents,
  replacePreBodyComponents,
}) => {
  replaceHeadComponents(
    earlyFirst(
      getHeadComponents()
        .filter((tag) => !(React.isValidElement(tag) && UNUSED_IMAGE_HELPERS.has(String(tag.key))))
        .flatMap(splitStyledSheet)
        .map(waitForConsent),
    ),
  );
  if (modes.get(pathname) !== 'none')
    replacePreBodyComponents(
      getPreBodyComponents().filter((tag) => !(React.isValidElement(tag) && tag.key === TAG_MANAGER_KEY && tag.type === 'noscript')),
    );
};
