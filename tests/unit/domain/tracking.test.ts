import {
  buildConsentChoiceEvent,
  CONSENT_CHOICE,
  buildTrackingEvent,
  CLICK_LOGO_LANDING,
  CLICK_RULES_LANDING,
  fieldChangeCode,
  fieldLeftCode,
  funnelCodesToSend,
  funnelDetail,
  FUNNEL_EVENT_CODES,
  KAFKA_TOPIC,
  kafkaAction,
  LANDING_EVENT_CODES,
  landingKeys,
  landingViewDetail,
  pageViewIdFrom,
  PAGE_VIEW_ID_PATTERN,
  TRACKING_EVENT_CODES,
  TRACKING_EVENT_TYPE,
  VIEW_LANDING,
  WEB_VITALS,
  webVitalsDetail,
  type FunnelEventCode,
} from '../../../src/domain/tracking';
import type { FieldName } from '../../../src/domain/registration';

const ACCOUNT = {
  ip: '203.0.113.7',
  timezoneId: 3,
  appId: 'zenit-web',
  appVer: '4.18.2',
  sessionId: '9f86d081884c7d659a2feaa0c55ad015',
  eventSource: 'landing',
  login: 'player42',
  access: true,
  currencies: false as const,
};

const PAGE_VIEW_ID = 'k3j9x2m4q7w5e8r1t6y0';
const VIEW = {
  partnerUid: 'abc123',
  language: 'br',
  referrer: 'https://partner.example/offer',
  slug: 'bonus20000',
  brand: 'zenbet',
  pageViewId: PAGE_VIEW_ID,
};
const LANDING = { pageViewId: PAGE_VIEW_ID, brand: 'zenbet', country: 'br', slug: 'bonus20000', category: 'casino' } as const;
const NOW = Date.UTC(2025, 4, 17, 9, 30, 15, 250);
const UA = 'Mozilla/5.0 (Linux; Android 14) Mobile';

describe('tracking event codes (spec 9)', () => {
  it('lists all 17 codes: the view and clicks, the funnel, the speed measures, the consent choice', () => {
    expect(TRACKING_EVENT_CODES).toEqual([
      'view_landing',
      'click_rules_landing',
      'click_logo_landing',
      'reg_start',
      'entered_char_in_reg',
      'reg_button_enter',
      'sms_code_entered',
      'sms_code_repeat',
      'back_step',
      'registration_done',
      'entered_phone',
      'entered_email',
      'chose_country',
      'chose_currency',
      'entered_password',
      'web_vitals',
      'consent_choice',
    ]);
    expect(WEB_VITALS).toBe('web_vitals');
    expect(CONSENT_CHOICE).toBe('consent_choice');
    expect(new Set(TRACKING_EVENT_CODES).size).toBe(17);
  });

  it('keeps the funnel codes apart from the three the landings send', () => {
    expect(LANDING_EVENT_CODES).toEqual([VIEW_LANDING, CLICK_RULES_LANDING, CLICK_LOGO_LANDING]);
    expect(FUNNEL_EVENT_CODES).toHaveLength(12);
    for (const code of LANDING_EVENT_CODES) expect(FUNNEL_EVENT_CODES).not.toContain(code);
  });

  it('routes every event to one topic with the event code as the action', () => {
    expect(KAFKA_TOPIC).toBe('landing_events');
    expect(kafkaAction({ eventCode: 'click_rules_landing' })).toBe('click_rules_landing');
    // The stand-in server (and the real one) accepts topic and action names of this shape.
    for (const name of [KAFKA_TOPIC, ...TRACKING_EVENT_CODES]) expect(name).toMatch(/^[A-Za-z0-9_.:/-]{1,100}$/);
  });
});

describe('tracking: buildTrackingEvent (spec 3 "Tracking event")', () => {
  const detail = landingViewDetail(VIEW);
  const event = buildTrackingEvent({
    code: VIEW_LANDING,
    detail,
    account: ACCOUNT,
    imprintHash: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071',
    userAgent: UA,
    host: 'zenit.win',
    now: NOW,
  });

  it('has exactly the spec 3 fields', () => {
    expect(Object.keys(event).sort()).toEqual(
      ['eventType', 'eventCode', 'detail', 'date', 'ipAddress', 'timezone', 'userAgent', 'login', 'additional_data'].sort(),
    );
    expect(Object.keys(event.additional_data).sort()).toEqual(
      ['appId', 'appVer', 'sessionId', 'host', 'eventSource', 'imprintHash'].sort(),
    );
  });

  it('fills each top-level field', () => {
    expect(event.eventType).toBe(TRACKING_EVENT_TYPE);
    expect(event.eventType).toBe('landing');
    expect(event.eventCode).toBe('view_landing');
    expect(event.detail).toBe(detail);
    expect(event.date).toBe('2025-05-17T09:30:15.250Z');
    expect(event.ipAddress).toBe('203.0.113.7');
    expect(event.timezone).toBe(3);
    expect(event.userAgent).toBe(UA);
    expect(event.login).toBe('player42');
  });

  it('fills each additional_data field', () => {
    expect(event.additional_data.appId).toBe('zenit-web');
    expect(event.additional_data.appVer).toBe('4.18.2');
    expect(event.additional_data.sessionId).toBe('9f86d081884c7d659a2feaa0c55ad015');
    expect(event.additional_data.host).toBe('zenit.win');
    expect(event.additional_data.eventSource).toBe('landing');
    expect(event.additional_data.imprintHash).toBe('a3f9c2e14b7d8e6f0a1b2c3d4e5f6071');
  });

  it('takes a Date as well as a timestamp, and a numeric string timezone id', () => {
    const other = buildTrackingEvent({ code: CLICK_LOGO_LANDING, detail, account: { ...ACCOUNT, timezoneId: '5' }, now: new Date(NOW) });
    expect(other.date).toBe('2025-05-17T09:30:15.250Z');
    expect(other.timezone).toBe(5);
    expect(other.eventCode).toBe('click_logo_landing');
  });

  it('uses the clock when no time is given', () => {
    const before = Date.now();
    const other = buildTrackingEvent({ code: VIEW_LANDING, detail });
    expect(Date.parse(other.date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(other.date)).toBeLessThanOrEqual(Date.now());
  });

  it('an anonymous visitor (login null) has login null', () => {
    expect(buildTrackingEvent({ code: VIEW_LANDING, detail, account: { ...ACCOUNT, login: null } }).login).toBeNull();
  });
});

describe('tracking: buildTrackingEvent without the account', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty object', {}],
    [
      'values of the wrong type',
      { ip: 7n, timezoneId: 'Europe/Moscow', appId: {}, appVer: [], sessionId: true, eventSource: null, login: {} },
    ],
  ])('is still a valid event with %s', (_what, account) => {
    const event = buildTrackingEvent({ code: CLICK_RULES_LANDING, detail: landingViewDetail(VIEW), account: account as never, now: NOW });
    expect(event).toEqual({
      eventType: 'landing',
      eventCode: 'click_rules_landing',
      detail: landingViewDetail(VIEW),
      date: '2025-05-17T09:30:15.250Z',
      ipAddress: '',
      timezone: null,
      userAgent: '',
      login: null,
      additional_data: { appId: '', appVer: '', sessionId: '', host: '', eventSource: '', imprintHash: null },
    });
  });

  it('has a null imprintHash when the imprint is missing or empty', () => {
    expect(buildTrackingEvent({ code: VIEW_LANDING, detail: {}, imprintHash: null }).additional_data.imprintHash).toBeNull();
    expect(buildTrackingEvent({ code: VIEW_LANDING, detail: {}, imprintHash: '' }).additional_data.imprintHash).toBeNull();
  });

  it('falls back to the clock for an invalid time', () => {
    expect(() => buildTrackingEvent({ code: VIEW_LANDING, detail: {}, now: Number.NaN })).not.toThrow();
    expect(buildTrackingEvent({ code: VIEW_LANDING, detail: {}, now: Number.NaN }).date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('tracking: landingViewDetail (spec 3 "Landing view event detail")', () => {
  it('has exactly the spec 3 fields and the landing keys, each filled', () => {
    const detail = landingViewDetail(VIEW);
    expect(Object.keys(detail).sort()).toEqual(
      ['partnerUid', 'sourceScreen', 'language', 'refer', 'type', 'name', 'pageViewId', 'brand', 'country', 'slug', 'category'].sort(),
    );
    expect(detail).toMatchObject(LANDING);
    expect(detail.partnerUid).toBe('abc123');
    expect(detail.sourceScreen).toBe('landing');
    expect(detail.language).toBe('br');
    expect(detail.refer).toBe('https://partner.example/offer');
    expect(detail.type).toBe('casino');
    expect(detail.name).toBe('bonus20000');
  });

  it('has a null partnerUid for a visitor who came without a partner, and an empty refer without a referrer', () => {
    expect(landingViewDetail({ ...VIEW, partnerUid: null }).partnerUid).toBeNull();
    expect(landingViewDetail({ ...VIEW, partnerUid: '' }).partnerUid).toBeNull();
    expect(landingViewDetail({ ...VIEW, referrer: '' }).refer).toBe('');
  });

  it.each([
    ['bonus20000', 'casino'],
    ['welcome_bonus_casino25', 'casino'],
    ['a3f1c2d4e5b60718293a4b5c6d7e8f90', 'casino'],
    ['casino_13012022', 'casino'],
    ['GameART_Tournament', 'casino'],
    ['android', 'another'],
    ['withoutoffer', 'another'],
    ['applications', 'another'],
    ['freebet30', 'sport'],
    ['bonus35000', 'sport'],
  ])('%s has type %s', (slug, type) => {
    const detail = landingViewDetail({ ...VIEW, slug });
    expect(detail.type).toBe(type);
    expect(detail.name).toBe(slug);
    expect(detail.category).toBe(type);
    expect(landingKeys({ pageViewId: PAGE_VIEW_ID, brand: 'zenit', country: 'ru', slug }).category).toBe(type);
  });
});

describe('tracking: the page view id', () => {
  it('is 20 letters and digits, one for each random byte, the same bytes giving the same id', () => {
    const bytes = Array.from({ length: 20 }, (_, index) => index * 13);
    const id = pageViewIdFrom(bytes);
    expect(id).toMatch(PAGE_VIEW_ID_PATTERN);
    expect(id).toHaveLength(20);
    expect(id).toBe(pageViewIdFrom(bytes));
    expect(pageViewIdFrom(bytes.map((byte) => byte + 1))).not.toBe(id);
  });

  it('uses every one of its 32 signs evenly: a byte picks by its low five bits', () => {
    expect(pageViewIdFrom(Array.from({ length: 20 }, () => 0))).toBe('a'.repeat(20));
    expect(pageViewIdFrom(Array.from({ length: 20 }, () => 255))).toBe('7'.repeat(20));
    expect(pageViewIdFrom(Array.from({ length: 20 }, () => 32 + 25))).toBe('z'.repeat(20));
  });
});

describe('tracking: the funnel (spec 4 codes)', () => {
  it('names the landing and the method, and nothing else', () => {
    expect(funnelDetail(LANDING, 'email')).toEqual({ ...LANDING, method: 'email' });
    // Whatever else the view carries stays out.
    expect(funnelDetail({ ...LANDING, phone: '+79001234567' } as typeof LANDING, 'phone')).toEqual({ ...LANDING, method: 'phone' });
  });

  /** The codes a sequence of happenings sends in one view. */
  function sentFor(happenings: FunnelEventCode[]): FunnelEventCode[] {
    const sent = new Set<FunnelEventCode>();
    return happenings.flatMap((code) => {
      const codes = funnelCodesToSend(code, sent);
      codes.forEach((each) => sent.add(each));
      return codes;
    });
  }

  it('sends the turn to the form, the first character, each choice and each field left filled in once a view', () => {
    expect(
      sentFor([
        'reg_start',
        'reg_start',
        'entered_char_in_reg',
        'entered_char_in_reg',
        'chose_country',
        'chose_country',
        'chose_currency',
        'chose_currency',
        'entered_phone',
        'entered_phone',
        'entered_email',
        'entered_email',
        'entered_password',
        'entered_password',
        'registration_done',
        'registration_done',
      ]),
    ).toEqual([
      'reg_start',
      'entered_char_in_reg',
      'chose_country',
      'chose_currency',
      'entered_phone',
      'entered_email',
      'entered_password',
      'registration_done',
    ]);
  });

  it('sends each submit, code sent, new code asked for and step back', () => {
    expect(
      sentFor([
        'reg_start',
        'reg_button_enter',
        'reg_button_enter',
        'sms_code_entered',
        'sms_code_entered',
        'sms_code_repeat',
        'back_step',
        'back_step',
      ]),
    ).toEqual([
      'reg_start',
      'reg_button_enter',
      'reg_button_enter',
      'sms_code_entered',
      'sms_code_entered',
      'sms_code_repeat',
      'back_step',
      'back_step',
    ]);
  });

  it('starts every view with reg_start, even when something else came first (autofill before a focus)', () => {
    expect(sentFor(['entered_char_in_reg', 'reg_start', 'reg_button_enter'])).toEqual([
      'reg_start',
      'entered_char_in_reg',
      'reg_button_enter',
    ]);
    expect(sentFor(['reg_button_enter'])).toEqual(['reg_start', 'reg_button_enter']);
  });

  it.each<[FieldName, string, FunnelEventCode | null]>([
    ['country', '398', 'chose_country'],
    ['currency', '4', 'chose_currency'],
    ['phone', '+79', 'entered_char_in_reg'],
    ['email', 'a', 'entered_char_in_reg'],
    ['password', 's', 'entered_char_in_reg'],
    ['promoCode', 'Z', 'entered_char_in_reg'],
    ['birthdate', '1990-05-17', 'entered_char_in_reg'],
    ['phone', '', null],
  ])('a change of %s to %j is %s', (field, value, code) => {
    expect(fieldChangeCode(field, value)).toBe(code);
  });

  it.each<[FieldName, boolean, FunnelEventCode | null]>([
    ['phone', true, 'entered_phone'],
    ['email', true, 'entered_email'],
    ['password', true, 'entered_password'],
    ['phone', false, null],
    ['password', false, null],
    ['promoCode', true, null],
    ['birthdate', true, null],
    ['country', true, null],
  ])('leaving %s holding an entry (%s) is %s', (field, holdsEntry, code) => {
    expect(fieldLeftCode(field, holdsEntry)).toBe(code);
  });
});

describe('tracking: web_vitals', () => {
  it('carries the landing, the five measures in whole milliseconds (CLS to four places) and the connection', () => {
    const detail = webVitalsDetail(LANDING, { LCP: 1834.6, INP: 112, CLS: 0.041237, FCP: 912.2, TTFB: 203.49 }, '4g');
    expect(detail).toEqual({ ...LANDING, lcp: 1835, inp: 112, cls: 0.0412, fcp: 912, ttfb: 203, effectiveType: '4g' });
  });

  it('has null for what was not measured (no interaction: no INP) and for a connection the browser does not name', () => {
    const detail = webVitalsDetail(LANDING, { LCP: 640, CLS: 0, FCP: 420, TTFB: 80 }, undefined);
    expect(detail).toEqual({ ...LANDING, lcp: 640, inp: null, cls: 0, fcp: 420, ttfb: 80, effectiveType: null });
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a negative value', -5],
  ])('takes %s for nothing measured', (_what, value) => {
    const detail = webVitalsDetail(LANDING, { LCP: value, INP: value, CLS: value, FCP: value, TTFB: value }, '3g');
    expect([detail.lcp, detail.inp, detail.cls, detail.fcp, detail.ttfb]).toEqual([null, null, null, null, null]);
  });

  it.each([
    ['slow-2g', 'slow-2g'],
    ['3g', '3g'],
    ['', null],
    [42, null],
    ['<script>', null],
  ])('keeps the connection type %j as %j', (given, kept) => {
    expect(webVitalsDetail(LANDING, {}, given).effectiveType).toBe(kept);
  });
});

describe('tracking: the A/B variant a page is', () => {
  const IN_EXPERIMENT = {
    pageViewId: PAGE_VIEW_ID,
    brand: 'zenit',
    country: 'ru',
    slug: 'bonus25000',
    experiment: 'bonus25000-headline',
    variant: 'bold',
  };

  it('every detail of a variant page names the experiment and the variant: view, clicks, funnel, vitals', () => {
    const keys = landingKeys(IN_EXPERIMENT);
    const expected = { experiment: 'bonus25000-headline', variant: 'bold' };
    expect(landingViewDetail({ ...VIEW, ...expected })).toMatchObject(expected);
    expect(funnelDetail(keys, 'phone')).toMatchObject({ ...expected, method: 'phone' });
    expect(webVitalsDetail(keys, { LCP: 1200 }, '4g')).toMatchObject({ ...expected, lcp: 1200 });
  });

  it('a landing that runs no experiment, or an experiment without a variant, adds no such keys', () => {
    for (const none of [{}, { experiment: null, variant: null }, { experiment: 'bonus25000-headline', variant: null }]) {
      const keys = landingKeys({ ...IN_EXPERIMENT, experiment: undefined, variant: undefined, ...none });
      expect(keys).not.toHaveProperty('experiment');
      expect(keys).not.toHaveProperty('variant');
      expect(funnelDetail(keys, 'email')).not.toHaveProperty('variant');
    }
  });
});

describe('tracking: the consent choice, the one event an opt-in market sends before consent', () => {
  const event = buildConsentChoiceEvent({
    choice: 'refuse',
    market: 'de',
    brand: 'zenit',
    slug: 'bonus20000',
    consentMode: 'opt-in',
    host: 'promo.example',
    now: NOW,
  });

  it('names the choice, the market, the landing and the mode', () => {
    expect(event.eventType).toBe('landing');
    expect(event.eventCode).toBe('consent_choice');
    expect(event.detail).toEqual({ choice: 'refuse', market: 'de', brand: 'zenit', slug: 'bonus20000', consentMode: 'opt-in' });
    expect(event.date).toBe('2025-05-17T09:30:15.250Z');
    expect(event.additional_data.host).toBe('promo.example');
  });

  it('carries nothing that could single the visitor out', () => {
    expect(JSON.stringify(event)).not.toMatch(/pageViewId|partnerUid/);
    expect(event.login).toBeNull();
    expect(event.ipAddress).toBe('');
    expect(event.userAgent).toBe('');
    expect(event.additional_data).toEqual({
      appId: '',
      appVer: '',
      sessionId: '',
      host: 'promo.example',
      eventSource: '',
      imprintHash: null,
    });
  });
});
