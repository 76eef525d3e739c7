import React from 'react';
import { CONSENT_QUEUE } from '../early/consent-state';

/** The metrics counter's tag host (Yandex Metrika, spec 7 "metrics-counter loaders"). */
export const METRICS_HOST = 'https://mc.yandex.ru';

/** A counter id is digits only: anything else would end up inside a script. */
export function metricsCounterId(raw: string | undefined): string | null {
  return raw && /^\d{4,12}$/.test(raw) ? raw : null;
}

/**
 * Loads the counter only after the page has loaded, so it never competes with the landing itself,
 * and only when an id is configured (GATSBY_METRICS_ID); tests and local runs have none. The loader is
 * handed to the first-screen script's queue, which runs it once the visitor's consent allows tracking
 * (src/early/consent.ts): then at load, or at once if the page has loaded by then. The <noscript> pixel
 * only where the market asks nothing (`pixel`): a visitor without scripts can make no choice.
 */
export function metricsCounterTags(id: string, pixel: boolean): React.ReactElement[] {
  const loader = [
    `(function(q){q&&q.push(function(){function go(){`,
    `window.ym=window.ym||function(){(window.ym.a=window.ym.a||[]).push(arguments)};window.ym.l=Date.now();`,
    `var s=document.createElement('script');s.async=true;s.src='${METRICS_HOST}/metrika/tag.js';document.head.appendChild(s);`,
    `window.ym(${id},'init',{clickmap:true,trackLinks:true,accurateTrackBounce:true});}`,
    `if(document.readyState==='complete')go();else window.addEventListener('load',go);})})(window.${CONSENT_QUEUE});`,
  ].join('');
  return [
    <script key="metrics-counter" dangerouslySetInnerHTML={{ __html: loader }} />,
    ...(pixel
      ? [
          <noscript key="metrics-counter-noscript">
            <img src={`${METRICS_HOST}/watch/${id}`} style={{ position: 'absolute', left: '-9999px' }} alt="" />
          </noscript>,
        ]
      : []),
  ];
}
