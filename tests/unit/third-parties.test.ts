/** Third-party loaders appear only when configured, so no build or test reaches their hosts unasked. */
import { renderToStaticMarkup } from 'react-dom/server';
import React from 'react';
import { metricsCounterId, metricsCounterTags } from '../../src/site/metrics-counter';

type Config = { plugins: (string | { resolve: string; options: { id?: string } })[] };

function configWith(env: Record<string, string | undefined>): Config {
  let config!: Config;
  jest.isolateModules(() => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
    config = require('../../gatsby-config').default;
    process.env = saved;
  });
  return config;
}

const gtm = (config: Config) =>
  config.plugins.find((plugin) => typeof plugin === 'object' && plugin.resolve === 'gatsby-plugin-google-tagmanager');

test('the tag manager plugin is enabled only with an id, and then with that id', () => {
  expect(gtm(configWith({ GATSBY_GTM_ID: undefined }))).toBeUndefined();
  expect(gtm(configWith({ GATSBY_GTM_ID: 'GTM-ABC123' }))).toMatchObject({ options: { id: 'GTM-ABC123' } });
});

test('the metrics counter needs a numeric id: anything else never reaches the page', () => {
  expect(metricsCounterId(undefined)).toBeNull();
  expect(metricsCounterId('12345678')).toBe('12345678');
  expect(metricsCounterId("1);alert('x')//")).toBeNull();
});

test('the metrics counter loads after the page, from its own host, with the id, once the consent queue runs it', () => {
  const html = renderToStaticMarkup(React.createElement(React.Fragment, null, ...metricsCounterTags('12345678', true)));
  expect(html).toContain("window.addEventListener('load'");
  expect(html).toContain('https://mc.yandex.ru/metrika/tag.js');
  expect(html).toContain('window.ym(12345678');
  expect(html).toContain('window.__promoTrackers');
  expect(html).toContain('<noscript><img src="https://mc.yandex.ru/watch/12345678"');
});

test('where the market asks for consent the counter has no <noscript> pixel: a visitor without scripts cannot choose', () => {
  const html = renderToStaticMarkup(React.createElement(React.Fragment, null, ...metricsCounterTags('12345678', false)));
  expect(html).toContain('https://mc.yandex.ru/metrika/tag.js');
  expect(html).not.toContain('<noscript>');
});
