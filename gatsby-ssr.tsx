/**
 * Server rendering hooks: styled-components and the Head API do the rest. Every landing's head starts
 * with the first-screen script (src/early) and holds its title and meta tags (src/templates/landing-head.tsx); the hero's placeholder fade is on every page; the metrics
 * counter is added only when its id is configured at build (GATSBY_METRICS_ID), like the tag manager.
 * gatsby-plugin-image's browser helpers are taken out of every head (see UNUSED_IMAGE_HELPERS), and the
 * styled-components sheet is split into plain rules and the markers it reads (src/site/server-styles.ts).
 */
import React from 'react';
import type { GatsbySSR } from 'gatsby';
import languages from './data/languages.json';
import { CALLS, countriesUrl } from './src/main-site/contract';
import { parseLandingPath } from './src/domain/paths';
import { inlineEarlyScript } from './src/early/inline-script';
import { HERO_FADE_SCRIPT } from './src/features/hero/hero-fade';
import { metricsCounterId, metricsCounterTags } from './src/site/metrics-counter';
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
  setPostBodyComponents,
  loadPageDataSync,
}) => {
  const page = landingPage(pathname, loadPageDataSync);
  const early = earlyScript(pathname, page);
  const head = landingHead(page);
  if (head) setHtmlAttributes(head.attributes);
  setHeadComponents([...(early ? [early] : []), ...(head ? [head.tags] : [])]);
  const id = metricsCounterId(process.env.GATSBY_METRICS_ID);
  // The hero's placeholder fade reads the page as parsed, before any bundle runs (src/features/hero).
  setPostBodyComponents([
    <script key="hero-fade" dangerouslySetInnerHTML={{ __html: HERO_FADE_SCRIPT }} />,
    ...(id ? metricsCounterTags(id) : []),
  ]);
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

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    getHeadComponents()
      .filter((tag) => !(React.isValidElement(tag) && UNUSED_IMAGE_HELPERS.has(String(tag.key))))
      .flatMap(splitStyledSheet),
  );
};
