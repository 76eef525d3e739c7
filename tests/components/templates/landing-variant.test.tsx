/** An A/B variant's page: the landing with the variant's words and order, kept out of search engines. */
import { render, screen, within } from '@testing-library/react';
import path from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ExperimentSpec } from '../../../src/domain/experiments';
import { experimentLandings } from '../../../tables/experiments';
import { variantPages } from '../../../gatsby/page-context/experiment-pages';
import { loadSite } from '../../../tables/load';
import { indexLandings, landingContext } from '../../../gatsby/page-context/page-contexts';
import LandingTemplate from '../../../src/templates/landing';
import { landingHeadTags } from '../../../src/templates/landing-head';

jest.mock('../../../src/features/registration/calls/country', () => ({ fetchCountries: () => new Promise(() => undefined) }));
jest.mock('../../../src/main-site/account', () => ({ fetchAccountData: () => new Promise(() => undefined), isLoggedIn: () => false }));

const NOW = Date.parse('2026-11-22T12:00:00Z');
const site = loadSite(path.resolve(__dirname, '../../../data'), NOW);
const index = indexLandings(site.landings, site.tables, NOW);
const [shipped] = experimentLandings(site.landings, site.tables, NOW);
const control = landingContext(shipped.landing, site.tables, index);
const variant = shipped.experiment.variants.find((candidate) => candidate.id !== 'control')!;
const [variantPage] = variantPages(shipped.landing, shipped.experiment, control, site.tables);

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

test('the shipped variant shows its own headline and call to action, in Russian, with the amount filled in', () => {
  render(<LandingTemplate {...({ pageContext: variantPage.context } as any)} />);
  const headline = screen.getByRole('heading', { level: 1 });
  expect(headline.textContent).toBe(variant.texts!.ru.headline!.replace('{amount}', control.formats.amount!));
  expect(headline.textContent).not.toContain('{');
  const offer = document.getElementById('offer')!;
  expect(
    within(offer)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toContain(variant.texts!.ru.cta);
});

test('the control is the landing as it was: its headline from the translations', () => {
  render(<LandingTemplate {...({ pageContext: control } as any)} />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
    control.texts['offer.sportBonus.title'].replace('{amount}', control.formats.amount!),
  );
});

test('a variant may put the form first: the sections come in its order', async () => {
  const formFirst: ExperimentSpec = {
    id: 'form-first-1',
    variants: [
      { id: 'control', weight: 50 },
      { id: 'form-first', weight: 50, sections: ['registration', 'offer', 'steps', 'odds', 'payments', 'games'] },
    ],
  };
  const [page] = variantPages(shipped.landing, formFirst, control, site.tables);
  render(<LandingTemplate {...({ pageContext: page.context } as any)} />);
  const form = await screen.findByRole('heading', { name: control.texts['reg.title'] });
  const offer = screen.getByRole('heading', { level: 1 });
  expect(form.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('a variant\u2019s page is noindex with the landing\u2019s own address as canonical; the control\u2019s page is indexed', () => {
  const head = (context: typeof control) => renderToStaticMarkup(landingHeadTags(context, 'https://zenit.win', true));
  expect(head(variantPage.context)).toContain('<meta name="robots" content="noindex"/>');
  expect(head(variantPage.context)).toContain('<link rel="canonical" href="https://zenit.win/promo/zenit/ru/bonus25000/"/>');
  expect(head(control)).not.toContain('noindex');
});
