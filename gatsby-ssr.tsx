/**
 * Server rendering hooks: styled-components and the Head API do the rest. Every landing's head starts
 * with the first-screen script (src/early); the hero's placeholder fade is on every page; the metrics
 * counter is added only when its id is configured at build (GATSBY_METRICS_ID), like the tag manager.
 */
import React from 'react';
import type { GatsbySSR } from 'gatsby';
import languages from './data/languages.json';
import { CALLS, countriesUrl } from './src/main-site/contract';
import { parseLandingPath } from './src/domain/paths';
import { inlineEarlyScript } from './src/early/inline-script';
import { HERO_FADE_SCRIPT } from './src/features/hero/hero-fade';
import { metricsCounterId, metricsCounterTags } from './src/site/metrics-counter';

/** The built first-screen script, a constant gatsby-node gives this bundle (src/early/inline-script.ts). */
declare const __PROMO_EARLY_SCRIPT__: string;

const langIds: Record<string, number | undefined> = Object.fromEntries(
  Object.entries(languages.languages).map(([code, language]) => [code, language.langId]),
);

/** The first-screen script for a landing's address; nothing for the index, the 404 page or the app shell. */
function earlyScript(pathname: string): React.ReactElement | null {
  const landing = parseLandingPath(pathname);
  const langId = landing ? langIds[landing.language] : undefined;
  if (!landing || langId === undefined) return null;
  const script = inlineEarlyScript(__PROMO_EARLY_SCRIPT__, {
    countriesUrl: countriesUrl(langId),
    accountUrl: CALLS.account.path,
    trackingUrl: CALLS.tracking.path,
    language: landing.language,
    slug: landing.landing,
  });
  return <script key="promo-early" dangerouslySetInnerHTML={{ __html: script }} />;
}

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHeadComponents, setPostBodyComponents }) => {
  const early = earlyScript(pathname);
  if (early) setHeadComponents([early]);
  const id = metricsCounterId(process.env.GATSBY_METRICS_ID);
  // The hero's placeholder fade reads the page as parsed, before any bundle runs (src/features/hero).
  setPostBodyComponents([
    <script key="hero-fade" dangerouslySetInnerHTML={{ __html: HERO_FADE_SCRIPT }} />,
    ...(id ? metricsCounterTags(id) : []),
  ]);
};
