/** The one landing template, fed with real page contexts from the tables: each hero family as a visitor sees it. */
import { render, screen, waitFor, within } from '@testing-library/react';
import path from 'node:path';
import React from 'react';
import LandingTemplate from '../../../src/templates/landing';
import { loadSite } from '../../../tables/load';
import { indexLandings, landingContext } from '../../../gatsby/page-context/page-contexts';
import type { LandingPageContext } from '../../../src/domain/page-context';

jest.mock('../../../src/features/registration/calls/country', () => ({ fetchCountries: () => new Promise(() => undefined) }));
jest.mock('../../../src/main-site/account', () => ({ fetchAccountData: () => new Promise(() => undefined), isLoggedIn: () => false }));

const NOW = Date.parse('2026-11-22T12:00:00Z');
const site = loadSite(path.resolve(__dirname, '../../../data'), NOW);
const index = indexLandings(site.landings, site.tables, NOW);

function context(name: string): LandingPageContext {
  const landing = site.landings.find((l) => `${l.brand}/${l.country}/${l.slug}` === name)!;
  return landingContext(landing, site.tables, index);
}

function renderLanding(name: string) {
  const pageContext = context(name);

  render(<LandingTemplate {...({ pageContext } as any)} />);
  return pageContext;
}

const hero = () => document.getElementById('offer')!;
/** The sections below the fold come in a chunk of their own: the footer is there once they all are. */
const lowerSections = () => screen.findByRole('contentinfo');
/** What an anonymous visitor sees: the built page also holds the logged-in variant, which CSS hides (GlobalStyle). */
const heroLinks = () =>
  within(hero())
    .getAllByRole('link')
    .filter((link) => link.dataset.audience !== 'logged-in');

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const userAgent = jest.spyOn(window.navigator, 'userAgent', 'get');

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  userAgent.mockReturnValue(PHONE);
});
afterEach(() => jest.useRealTimers());

test('sport welcome bonus: amount in the country currency, register call to action, steps, one h1', async () => {
  renderLanding('zenit/ru/bonus30000');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/30k\s₽/);
  expect(heroLinks().map((a) => a.getAttribute('href'))).toEqual([
    '/m/registration/phone?promo_code=ZBONUS30K&country_id=643&lang_id=1&sourceScreen=landing',
  ]);
  expect(await screen.findByRole('heading', { name: 'Как получить бонус' })).toBeInTheDocument();
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
});

test('a logged-in visitor has the way to the site in the hero instead, marked for the login state', () => {
  renderLanding('zenit/ru/bonus30000');
  const toSite = within(hero())
    .getAllByRole('link')
    .filter((link) => link.dataset.audience === 'logged-in');
  expect(toSite.map((link) => link.getAttribute('href'))).toEqual([
    '/m/?promo_code=ZBONUS30K&country_id=643&lang_id=1&sourceScreen=landing',
  ]);
  expect(heroLinks().every((link) => link.dataset.audience === 'anonymous')).toBe(true);
});

test('on a desktop the same call to action opens the main site registration form', async () => {
  userAgent.mockReturnValue(DESKTOP);
  renderLanding('zenit/ru/bonus30000');
  // The page learns the visitor's device just after it has come alive.
  await waitFor(() =>
    expect(heroLinks().map((a) => a.getAttribute('href'))).toEqual([
      '/?reg_form&promo_code=ZBONUS30K&country_id=643&lang_id=1&sourceScreen=landing',
    ]),
  );
});

test('casino bonus in Arabic: amount formatted for ar-AE', () => {
  renderLanding('zenit/ae/welcome_bonus_casino');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/600/);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/\p{Script=Arabic}/u);
});

test('free spins: the spin count, not an amount', () => {
  renderLanding('zenbet/de/spin_machine25');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('25');
  expect(screen.getByRole('heading', { level: 1 }).textContent).not.toMatch(/€/);
});

test('free bet in Brazil: reais', () => {
  renderLanding('zenbet/br/freebet30');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/R\$\s?180/);
});

test('app landing: the downloads are the hero, for Android, iOS and Windows', async () => {
  renderLanding('zenbet/tr/android');
  expect(heroLinks().map((a) => a.getAttribute('href')?.split('?')[0])).toEqual([
    '/mobile_app/android',
    '/tr/application/ios',
    '/ajax/windows_app/download',
  ]);
  await lowerSections();
  expect(screen.queryByRole('heading', { name: 'Uygulamayı indirin' })).not.toBeInTheDocument();
});

test('no offer: a plain invitation to sign up, no bonus steps', async () => {
  const page = renderLanding('zenit/kz/withoutoffer');
  expect(heroLinks().map((link) => link.textContent)).toEqual([page.texts['cta.registerPlain']]);
  await lowerSections();
  expect(screen.queryByRole('heading', { name: page.texts['hero.stepsTitle'] })).not.toBeInTheDocument();
});

test('a promotion with an end date shows the countdown; a permanent one does not', () => {
  renderLanding('zenit/ru/quiz');
  expect(screen.getByRole('timer')).toBeInTheDocument();
});

test('footer: support phone for zenit, e-mail for zenbet, the 18+ notice', async () => {
  renderLanding('zenit/ru/people');
  expect(await screen.findByRole('link', { name: /\+7 800 301-71-17/ })).toHaveAttribute('href', 'tel:+78003017117');
  expect(
    within(screen.getByRole('contentinfo')).getByText('18+. Участие в азартных играх запрещено лицам младше 18 лет.'),
  ).toBeInTheDocument();
});

test('zenbet support is by e-mail', async () => {
  renderLanding('zenbet/mx/people');
  expect(await screen.findByRole('link', { name: /support@zenbet\.com/ })).toHaveAttribute('href', 'mailto:support@zenbet.com');
});

test('payment icons are the country list, named by their systems; social links name brand and network', async () => {
  renderLanding('zenit/ru/people');
  const payments = within(await screen.findByRole('region', { name: 'Способы оплаты' }));
  expect(payments.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
    'Mir',
    'Visa',
    'Mastercard',
    'YooMoney',
    'QIWI',
    'Alfa-Bank',
    'Yandex Pay',
    'WebMoney',
    'Bitcoin',
    'Tether',
  ]);
  expect(screen.getByRole('link', { name: 'Zenit в Telegram' })).toHaveAttribute('href', 'https://t.me/zenitbet_ru');
});

test('rendered in the browser without server HTML (gatsby develop, a client-side render), a landing shows no preloader: nothing would take it away', async () => {
  renderLanding('zenbet/ae/bonus30000');
  await lowerSections();
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
});
