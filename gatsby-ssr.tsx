/**
 * Server rendering hooks: styled-components and the Head API do the rest. The metrics counter is
 * added only when its id is configured at build (GATSBY_METRICS_ID), like the tag manager.
 */
import type { GatsbySSR } from 'gatsby';
import { metricsCounterId, metricsCounterTags } from './src/site/metrics-counter';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setPostBodyComponents }) => {
  const id = metricsCounterId(process.env.GATSBY_METRICS_ID);
  if (id) setPostBodyComponents(metricsCounterTags(id));
};
