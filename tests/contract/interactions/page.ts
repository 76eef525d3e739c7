/**
 * What the page itself posts as form-encoded bodies (spec 7, spec 9's qs encoding): promotion rules,
 * casino starts, tracking events and the fingerprint imprint.
 */
import { MatchersV3 as M, type PactV3 } from '@pact-foundation/pact/src/v3';
import { startCasinoGame } from '../../../src/main-site/casino';
import { CALLS } from '../../../src/main-site/contract';
import { fetchPromotionRules } from '../../../src/main-site/rules';
import { sendImprint, sendTrackingEvent } from '../../../src/main-site/tracking';
import { buildTrackingEvent, landingViewDetail, VIEW_LANDING } from '../../../src/domain/tracking';
import { STATE } from '../../../server/pact-states';
import { againstMock, BARE_SUCCESS, field, formRequest, SESSION, withSessionCookie, type Field } from '../pact-helpers';

const ANY = '^.*$';
const GAME = { uid: 'pragmatic-sweet-bonanza' };

function casinoFields(): Record<string, Field> {
  return {
    uid: field(GAME.uid, '^[A-Za-z0-9_-]{1,64}$'),
    is_live: field('0', '^[01]$'),
    home_url: field('https://zenbet.example/promo/zenbet/en/casino/', '^(https?://|/)\\S*$'),
  };
}

/** Spec 3's tracking event as the landings' qs encoding writes it under additional_data (kafka/log). */
function trackingFields(): Record<string, Field> {
  const event = (name: string) => `additional_data[${name}]`;
  const code = '^(view_landing|click_rules_landing|click_logo_landing)$';
  return {
    topic: field('landing_events'),
    action: field('view_landing', code),
    [event('eventType')]: field('landing'),
    [event('eventCode')]: field('view_landing', code),
    [event('detail][partnerUid')]: field('partner42', '^[a-z0-9]{0,36}$'),
    [event('detail][sourceScreen')]: field('landing'),
    [event('detail][language')]: field('en', '^[a-z]{2}$'),
    [event('detail][refer')]: field('https://www.example.com/', ANY),
    [event('detail][type')]: field('sport', '^(casino|another|sport)$'),
    [event('detail][name')]: field('freebet30', ANY),
    [event('date')]: field('2026-03-10T12:00:00.000Z', '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z$'),
    [event('ipAddress')]: field('203.0.113.7', ANY),
    [event('timezone')]: field('3', '^-?\\d*$'),
    [event('userAgent')]: field('Mozilla/5.0 (Linux; Android 14)', ANY),
    [event('login')]: field('', ANY),
    [event('additional_data][appId')]: field('zenit-web', ANY),
    [event('additional_data][appVer')]: field('4.18.2', ANY),
    [event('additional_data][sessionId')]: field('5f0c9d2e7a1b4c3d8e6f0a1b2c3d4e5f', ANY),
    [event('additional_data][host')]: field('zenbet.example', ANY),
    [event('additional_data][eventSource')]: field('landing', ANY),
    [event('additional_data][imprintHash')]: field('3f2a9c0e5b7d41a8', '^[A-Za-z0-9]*$'),
  };
}

export function pageInteractions(pact: () => PactV3): void {
  test('rules: the rules block under its id is all the dialog needs; the language asked for is kept', async () => {
    await pact()
      .given(STATE.rules, { promo_id: 2042 })
      .uponReceiving('a request for the rules of a promotion')
      .withRequest(
        formRequest(CALLS.rules.path, {
          'id[0]': field('freebet_rules'),
          'data[promo_id]': field('2042', '^\\d+$'),
          constant: field('1'),
          lang: field('en', '^[a-z]{2}$'),
        }),
      )
      .willRespondWith({
        status: 200,
        body: { result: { freebet_rules: M.regex('[\\s\\S]*\\S[\\s\\S]*', '<div class="promo-rules"><ol><li>…</li></ol></div>') } },
      })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => fetchPromotionRules(2035, 'de'));
        expect(result).toEqual({ ok: true, data: { html: '<div class="promo-rules"><ol><li>…</li></ol></div>', lang: 'de' } });
      });
  });

  test('casino demo: a bare success, and the page opens the game on the main site itself', async () => {
    await pact()
      .given(STATE.casinoGame, GAME)
      .uponReceiving('a request to start a casino game in demo mode')
      .withRequest(formRequest(CALLS.gameDemo.path, casinoFields()))
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () =>
          startCasinoGame('demo', { uid: 'spribe-aviator', isLive: true }, 'https://zenit.example/promo/zenit/ru/casino/'),
        );
        expect(result).toEqual({ ok: true, data: { url: null } });
      });
  });

  test('casino real: a logged-in visitor starts a game for money the same way', async () => {
    await pact()
      .given(STATE.loggedIn)
      .given(STATE.casinoGame, GAME)
      .uponReceiving('a request to start a casino game for real money')
      .withRequest(formRequest(CALLS.gameReal.path, casinoFields(), SESSION))
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () =>
          withSessionCookie(() => startCasinoGame('real', { uid: 'netent-starburst', isLive: false }, '/promo/zenit/ru/casino/')),
        );
        expect(result).toEqual({ ok: true, data: { url: null } });
      });
  });

  test('tracking: a landing view event is taken on a 2xx', async () => {
    const event = buildTrackingEvent({
      code: VIEW_LANDING,
      detail: landingViewDetail({ partnerUid: 'p7', language: 'br', referrer: '', slug: 'casino20k' }),
      account: { ip: '198.51.100.4', timezoneId: 5, appId: 'zenit-web', appVer: '4.19.0', sessionId: 'abc', eventSource: 'landing' },
      imprintHash: 'ffee00',
      userAgent: 'Mozilla/5.0 (iPhone)',
      host: 'zenit.example',
      now: Date.parse('2026-04-01T08:30:00Z'),
    });
    await pact()
      .uponReceiving('a tracking event')
      .withRequest(formRequest(CALLS.tracking.path, trackingFields()))
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => sendTrackingEvent(event))).toEqual({ ok: true, data: true });
      });
  });

  test('imprint: the fingerprint hash is taken on a 2xx', async () => {
    await pact()
      .uponReceiving('a fingerprint imprint')
      .withRequest(formRequest(CALLS.imprint.path, { imprint: field('3f2a9c0e5b7d41a8', '^[A-Za-z0-9]{1,128}$') }))
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => sendImprint('0a9b8c7d6e5f'))).toEqual({ ok: true, data: true });
      });
  });
}
