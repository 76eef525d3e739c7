/**
 * Server rendering hooks: styled-components and the Head API do the rest. The metrics counter is
 * added only when its id is configured at build (GATSBY_METRICS_ID), like the tag manager; the hero's
 * placeholder fade is on every page.
 */
import React from 'react';
import type { GatsbySSR } from 'gatsby';
import { HERO_FADE_SCRIPT } from './src/features/hero/hero-fade';
import { metricsCounterId, metricsCounterTags } from './src/site/metrics-counter';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setPostBodyComponents }) => {
  const id = metricsCounterId(process.env.GATSBY_METRICS_ID);
  // The hero's placeholder fade reads the page as parsed, before any bundle runs (src/features/hero).
  setPostBodyComponents([
    <script key="hero-fade" dangerouslySetInnerHTML={{ __html: HERO_FADE_SCRIPT }} />,
    ...(id ? metricsCounterTags(id) : []),
  ]);
};
