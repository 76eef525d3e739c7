import React from 'react';

/** The metrics counter's tag host (Yandex Metrika, spec 7 "metrics-counter loaders"). */
export const METRICS_HOST = 'https://mc.yandex.ru';

/** A counter id is digits only: anything else would end up inside a script. */
export function metricsCounterId(raw: string | undefined): string | null {
  return raw && /^\d{4,12}$/.test(raw) ? raw : null;
}

/**
 * Loads the counter only after the page has loaded, so it never competes with the landing itself,
 * and only when an id is configured (GATSBY_METRICS_ID); tests and local runs have none.
 */
export function metricsCounterTags(id: string): React.ReactElement[] {
  const loader = [
    `window.addEventListener('load',function(){`,
    `window.ym=window.ym||function(){(window.ym.a=window.ym.a||[]).push(arguments)};window.ym.l=Date.now();`,
    `var s=document.createElement('script');s.async=true;s.src='${METRICS_HOST}/metrika/tag.js';document.head.appendChild(s);`,
    `window.ym(${id},'init',{clickmap:true,trackLinks:true,accurateTrackBounce:true});});`,
  ].join('');
  return [
    <script key="metrics-counter" dangerouslySetInnerHTML={{ __html: loader }} />,
    <noscript key="metrics-counter-noscript">
      <img src={`${METRICS_HOST}/watch/${id}`} style={{ position: 'absolute', left: '-9999px' }} alt="" />
    </noscript>,
  ];
}
