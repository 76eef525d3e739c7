/**
 * What the page itself posts as form-encoded bodies (spec 7, spec 9's qs encoding): promotion rules,
 * casino starts, tracking events and the fingerprint imprint.
 */
import { MatchersV3 as M, type PactV3 } from '@pact-foundation/pact/src/v3';
import { startCasinoGame } from '../../../src/features/casino/calls/casino';
import { CALLS } from '../../../src/main-site/contract';
import { fetchPromotionRules } from '../../../src/features/rules/calls/rules';
import { sendImprint, sendTrackingEvent } from '../../../src/tracking/calls/tracking';
import {
  buildConsentChoiceEvent,
  buildTrackingEvent,
  funnelDetail,
  landingKeys,
  landingViewDetail,
  VIEW_LANDING,
  WEB_VITALS,
  webVitalsDetail,
  type TrackingDetail,
} from '../../../src/domain/tracking';
import { STATE } from '../../../server/stand-in/pact-states';
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

const event = (name: string) => `additional_data[${name}]`;
const detail = (name: string) => event(`detail][${name}`);
/** Milliseconds, or empty where the browser measured nothing (qs sends null as an empty value). */
const MS = '^(\\d+)?$';

/** The keys every landing event's detail carries: the view's id and the landing. */
function landingFields(): Record<string, Field> {
  return {
    [detail('pageViewId')]: field('k3j9x2m4q7w5e8r1t6y0', '^[a-z0-9]{16,32}$'),
    [detail('brand')]: field('zenbet', '^(zenit|zenbet|cupis)$'),
    [detail('country')]: field('en', '^[a-z]{2}$'),
    [detail('slug')]: field('freebet30', ANY),
    [detail('category')]: field('sport', '^(casino|another|sport)$'),
  };
}

/** The view and the clicks: spec 3's view detail. */
function viewFields(): Record<string, Field> {
  return {
    ...landingFields(),
    [detail('partnerUid')]: field('partner42', '^[a-z0-9]{0,36}$'),
    [detail('sourceScreen')]: field('landing'),
    [detail('language')]: field('en', '^[a-z]{2}$'),
    [detail('refer')]: field('https://www.example.com/', ANY),
    [detail('type')]: field('sport', '^(casino|another|sport)$'),
    [detail('name')]: field('freebet30', ANY),
  };
}

/** A registration funnel step: the landing and the method, nothing the visitor typed. */
function funnelFields(): Record<string, Field> {
  return { ...landingFields(), [detail('method')]: field('phone', '^(phone|email)$') };
}

/** A page view's Core Web Vitals. */
function vitalsFields(): Record<string, Field> {
  return {
    ...landingFields(),
    [detail('lcp')]: field('1835', MS),
    [detail('inp')]: field('112', MS),
    [detail('cls')]: field('0.0412', '^(\\d+(\\.\\d+)?)?$'),
    [detail('fcp')]: field('912', MS),
    [detail('ttfb')]: field('203', MS),
    [detail('effectiveType')]: field('4g', '^[a-z0-9-]{0,16}$'),
  };
}

const FUNNEL_CODES =
  'reg_start|entered_char_in_reg|reg_button_enter|sms_code_entered|sms_code_repeat|back_step|registration_done|entered_phone|entered_email|chose_country|chose_currency|entered_password';

/** Spec 3's tracking event as the landings' qs encoding writes it under additional_data (kafka/log). */
function trackingFields(codes: string, example: string, details: Record<string, Field>): Record<string, Field> {
  const code = `^(${codes})$`;
  return {
    topic: field('landing_events'),
    action: field(example, code),
    [event('eventType')]: field('landing'),
    [event('eventCode')]: field(example, code),
    ...details,
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

  const pageViewId = 'p4m2x7c9v3b6n8q2w5e7';
  const landing = landingKeys({ pageViewId, brand: 'zenit', country: 'br', slug: 'casino20k' });
  const trackingEvent = (code: Parameters<typeof buildTrackingEvent>[0]['code'], eventDetail: TrackingDetail) =>
    buildTrackingEvent({
      code,
      detail: eventDetail,
      account: { ip: '198.51.100.4', timezoneId: 5, appId: 'zenit-web', appVer: '4.19.0', sessionId: 'abc', eventSource: 'landing' },
      imprintHash: 'ffee00',
      userAgent: 'Mozilla/5.0 (iPhone)',
      host: 'zenit.example',
      now: Date.parse('2026-04-01T08:30:00Z'),
    });

  test('tracking: a landing view event is taken on a 2xx', async () => {
    const event = trackingEvent(
      VIEW_LANDING,
      landingViewDetail({ partnerUid: 'p7', language: 'br', referrer: '', slug: 'casino20k', brand: 'zenit', pageViewId }),
    );
    await pact()
      .uponReceiving('a tracking event')
      .withRequest(
        formRequest(
          CALLS.tracking.path,
          trackingFields('view_landing|click_rules_landing|click_logo_landing', 'view_landing', viewFields()),
        ),
      )
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => sendTrackingEvent(event))).toEqual({ ok: true, data: true });
      });
  });

  test('tracking: a registration funnel step is taken on a 2xx', async () => {
    const event = trackingEvent('reg_start', funnelDetail(landing, 'phone'));
    await pact()
      .uponReceiving('a registration funnel event')
      .withRequest(formRequest(CALLS.tracking.path, trackingFields(FUNNEL_CODES, 'reg_start', funnelFields())))
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => sendTrackingEvent(event))).toEqual({ ok: true, data: true });
      });
  });

  test("tracking: a page view's Core Web Vitals are taken on a 2xx", async () => {
    const event = trackingEvent(WEB_VITALS, webVitalsDetail(landing, { LCP: 2410.2, CLS: 0.12, FCP: 1200, TTFB: 340 }, '3g'));
    await pact()
      .uponReceiving('a web vitals event')
      .withRequest(formRequest(CALLS.tracking.path, trackingFields(WEB_VITALS, WEB_VITALS, vitalsFields())))
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => sendTrackingEvent(event))).toEqual({ ok: true, data: true });
      });
  });

  test('tracking: a consent choice, which names no visitor, page view or device, is taken on a 2xx', async () => {
    const consent = buildConsentChoiceEvent({
      choice: 'refuse',
      market: 'de',
      brand: 'zenit',
      slug: 'bonus20000',
      consentMode: 'opt-in',
      host: 'zenit.example',
      now: Date.parse('2026-04-01T08:30:00Z'),
    });
    const NONE = '^$';
    await pact()
      .uponReceiving('a consent choice')
      .withRequest(
        formRequest(CALLS.tracking.path, {
          topic: field('landing_events'),
          action: field('consent_choice'),
          [event('eventType')]: field('landing'),
          [event('eventCode')]: field('consent_choice'),
          [detail('choice')]: field('refuse', '^(accept|refuse|withdraw)$'),
          [detail('market')]: field('de', '^[a-z]{2}$'),
          [detail('brand')]: field('zenit', '^(zenit|zenbet|cupis)$'),
          [detail('slug')]: field('bonus20000', ANY),
          [detail('consentMode')]: field('opt-in', '^(opt-in|opt-out|none)$'),
          [event('date')]: field('2026-03-10T12:00:00.000Z', '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z$'),
          // Nothing that could single the visitor out: the fields are there, and empty.
          [event('ipAddress')]: field('', NONE),
          [event('timezone')]: field('', NONE),
          [event('userAgent')]: field('', NONE),
          [event('login')]: field('', NONE),
          [event('additional_data][appId')]: field('', NONE),
          [event('additional_data][appVer')]: field('', NONE),
          [event('additional_data][sessionId')]: field('', NONE),
          [event('additional_data][host')]: field('zenit.example', ANY),
          [event('additional_data][eventSource')]: field('', NONE),
          [event('additional_data][imprintHash')]: field('', NONE),
        }),
      )
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => sendTrackingEvent(consent))).toEqual({ ok: true, data: true });
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
