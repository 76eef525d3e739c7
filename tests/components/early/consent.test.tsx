/**
 * The consent part of the first-screen script (src/early/consent.ts) on the sheet the build writes
 * (src/site/consent-sheet.tsx): what an opt-in, opt-out and none market do before and after a choice.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import qs from 'qs';
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { startConsent, type ConsentConfig } from '../../../src/early/consent';
import { CONSENT_EVENT, CONSENT_GLOBAL, CONSENT_QUEUE, type ConsentWindow } from '../../../src/early/consent-state';
import { consentAllowsTracking } from '../../../src/early/hand-over';
import { ConsentSettingsButton, ConsentSheet } from '../../../src/site/consent-sheet';
import { makeTranslate } from '../../../src/site/texts';
import de from '../../../data/i18n/de.json';

const t = makeTranslate(de as Record<string, string>);
const config = (mode: ConsentConfig['mode']): ConsentConfig => ({
  mode,
  trackingUrl: '/ajax/kafka/log',
  brand: 'zenit',
  market: 'de',
  slug: 'bonus20000',
});
const cw = window as ConsentWindow;
let posts: { url: string; body: string; credentials?: RequestCredentials }[];

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

function page(mode: 'opt-in' | 'opt-out'): void {
  document.body.innerHTML =
    renderToStaticMarkup(<ConsentSheet mode={mode} t={t} />) +
    `<main><a href="/m/registration">Register</a></main><footer>${renderToStaticMarkup(
      <ConsentSettingsButton label={t('consent.settings')} />,
    )}</footer>`;
}

/** A third party's loader as the page hands it over: it records that it ran, and what the data layer held then. */
function queueLoader(name: string, ran: { name: string; dataLayer: unknown[] }[]): void {
  cw[CONSENT_QUEUE]!.push(() => ran.push({ name, dataLayer: [...(cw.dataLayer ?? [])] }));
}

const shown = () => document.documentElement.hasAttribute('data-consent-ask');
const sentChoices = () =>
  posts.map((post) => (qs.parse(post.body) as { additional_data: { eventCode: string; detail: Record<string, string> } }).additional_data);
const consentCommands = (layer: unknown[]) => layer.map((entry) => Array.from(entry as ArrayLike<unknown>));

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  delete cw.dataLayer;
  delete cw[CONSENT_GLOBAL];
  document.documentElement.removeAttribute('data-consent-ask');
  posts = [];
  window.fetch = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    posts.push({ url: String(url), body: String(init?.body), credentials: init?.credentials });
    return Promise.resolve(new Response('{}'));
  }) as typeof fetch;
  window.history.replaceState(null, '', '/promo/zenit/de/bonus20000/?zpartner_uid=p1&promo_code=ZEN1');
});

describe('an opt-in market', () => {
  test('before a choice: the sheet is up, nothing runs, nothing is stored, and the data layer holds only the denied default', () => {
    page('opt-in');
    startConsent(config('opt-in'));
    const ran: { name: string; dataLayer: unknown[] }[] = [];
    queueLoader('tag manager', ran);
    expect(shown()).toBe(true);
    expect(ran).toEqual([]);
    expect(consentAllowsTracking()).toBe(false);
    expect(consentCommands(cw.dataLayer!)).toEqual([
      ['consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
    ]);
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(posts).toEqual([]);
    // The choice never takes the focus on load.
    expect(document.activeElement).toBe(document.body);
  });

  test('accept: one tap keeps it, grants the signals before the loaders run, stores the partner, tells the page and counts the choice alone', async () => {
    page('opt-in');
    startConsent(config('opt-in'));
    const ran: { name: string; dataLayer: unknown[] }[] = [];
    queueLoader('tag manager', ran);
    const told = jest.fn();
    window.addEventListener(CONSENT_EVENT, told);
    await userEvent.click(screen.getByRole('button', { name: de['consent.accept'] }));
    expect(document.cookie).toBe('promo_consent=accept');
    expect(shown()).toBe(false);
    expect(ran.map((entry) => entry.name)).toEqual(['tag manager']);
    expect(
      consentCommands(ran[0].dataLayer).map((command) => [command[1], (command[2] as Record<string, string>).analytics_storage]),
    ).toEqual([
      ['default', 'denied'],
      ['update', 'granted'],
    ]);
    expect(consentAllowsTracking()).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    expect([localStorage.getItem('zpartner_uid'), localStorage.getItem('promo_code')]).toEqual(['p1', 'ZEN1']);
    // A loader handed over after the accept runs at once.
    queueLoader('counter', ran);
    expect(ran.map((entry) => entry.name)).toEqual(['tag manager', 'counter']);
    expect(posts.map((post) => [post.url, post.credentials])).toEqual([['/ajax/kafka/log', 'omit']]);
    const [event] = sentChoices();
    expect(event.eventCode).toBe('consent_choice');
    expect(event.detail).toEqual({ choice: 'accept', market: 'de', brand: 'zenit', slug: 'bonus20000', consentMode: 'opt-in' });
    expect(JSON.stringify(event)).not.toMatch(/p1|ZEN1|pageViewId|imprint"?:"[^"]/);
    window.removeEventListener(CONSENT_EVENT, told);
  });

  test('refuse: one tap keeps it, nothing runs, and the next visit asks nothing and runs nothing', async () => {
    page('opt-in');
    startConsent(config('opt-in'));
    const ran: { name: string; dataLayer: unknown[] }[] = [];
    queueLoader('tag manager', ran);
    await userEvent.click(screen.getByRole('button', { name: de['consent.refuse'] }));
    expect(document.cookie).toBe('promo_consent=refuse');
    expect([shown(), ran.length, localStorage.length]).toEqual([false, 0, 0]);
    expect(sentChoices().map((event) => event.detail.choice)).toEqual(['refuse']);

    page('opt-in');
    startConsent(config('opt-in'));
    queueLoader('tag manager', ran);
    expect([shown(), ran.length, consentAllowsTracking()]).toEqual([false, 0, false]);
  });

  test('the footer link opens the choice again, moves the focus to it, and Escape closes it back to the link', async () => {
    document.cookie = 'promo_consent=refuse; Path=/';
    page('opt-in');
    startConsent(config('opt-in'));
    const link = screen.getByRole('button', { name: de['consent.settings'] });
    await userEvent.click(link);
    expect(shown()).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: de['consent.title'] }));
    await userEvent.keyboard('{Escape}');
    expect(shown()).toBe(false);
    expect(document.activeElement).toBe(link);
    await userEvent.click(link);
    await userEvent.click(screen.getByRole('button', { name: de['consent.accept'] }));
    expect([document.cookie, consentAllowsTracking()]).toEqual(['promo_consent=accept', true]);
  });

  test('withdrawing removes what tracking stored and the third parties\u2019 cookies, and counts a withdrawal', async () => {
    document.cookie = 'promo_consent=accept; Path=/';
    document.cookie = '_ga=GA1.1.1.1; Path=/';
    document.cookie = '_ym_uid=123; Path=/';
    document.cookie = 'session=keep; Path=/';
    for (const key of ['zpartner_uid', 'promo_code', 'imprint', 'imprint_sent', 'lang']) localStorage.setItem(key, 'x');
    page('opt-in');
    startConsent(config('opt-in'));
    expect([shown(), consentAllowsTracking()]).toEqual([false, true]);
    await userEvent.click(screen.getByRole('button', { name: de['consent.settings'] }));
    await userEvent.click(screen.getByRole('button', { name: de['consent.refuse'] }));
    expect(document.cookie.split('; ').sort()).toEqual(['promo_consent=refuse', 'session=keep']);
    expect(Object.keys({ ...localStorage })).toEqual(['lang']);
    expect(consentAllowsTracking()).toBe(false);
    expect(sentChoices().map((event) => event.detail.choice)).toEqual(['withdraw']);
    expect(consentCommands(cw.dataLayer!).map((command) => command[1])).toEqual(['default', 'update', 'update']);
  });
});

test('an opt-out market: the notice with its refusal is up, and tracking runs until refused', async () => {
  page('opt-out');
  startConsent(config('opt-out'));
  const ran: { name: string; dataLayer: unknown[] }[] = [];
  queueLoader('tag manager', ran);
  expect([shown(), ran.length, consentAllowsTracking()]).toEqual([true, 1, true]);
  expect(screen.getByText(de['consent.optOut'])).toBeTruthy();
});

test('a market that asks nothing: no choice shown, the loaders run at once, granted', () => {
  document.body.innerHTML = '<main></main>';
  startConsent(config('none'));
  const ran: { name: string; dataLayer: unknown[] }[] = [];
  queueLoader('tag manager', ran);
  expect([shown(), ran.length, consentAllowsTracking()]).toEqual([false, 1, true]);
  expect(consentCommands(ran[0].dataLayer).map((command) => command[1])).toEqual(['default', 'update']);
});
