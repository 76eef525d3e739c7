import qs from 'qs';
import { REQUEST_TIMEOUT_MS } from '../../../../src/domain/timing';
import { QS_LIMITS } from '../../../../src/main-site/client';
import { sendImprint, sendTrackingEvent, trackingBeaconBody, trackingForm } from '../../../../src/tracking/calls/tracking';
import { buildTrackingEvent, landingViewDetail } from '../../../../src/domain/tracking';
import { fetchWire, installFetchWire, type FetchedRequest, type WireAnswer } from '../../../fixtures/fetch-wire';
import { installWire } from '../../main-site/transport';

const event = buildTrackingEvent({
  code: 'view_landing',
  detail: landingViewDetail({
    partnerUid: 'abc123',
    language: 'ru',
    referrer: 'https://partner.example/?a=1&b=2',
    slug: 'GameART_Tournament',
    brand: 'zenit',
    pageViewId: 'k3j9x2m4q7w5e8r1t6y0',
  }),
  account: { ip: '203.0.113.7', timezoneId: 3, appId: 'zenit-web', appVer: '4.18.2', sessionId: 's1', eventSource: 'landing', login: null },
  imprintHash: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0',
  host: 'zenit.win',
  now: Date.UTC(2025, 0, 2, 3, 4, 5),
});

// Tracking and the imprint go by fetch: the wire stands in for the browser's fetch and answers
// `answer` (a 200 `{result: true}` unless a test says otherwise); installWire only silences the console.
const { warn, error } = installWire();
let answer: WireAnswer;
const wire = installFetchWire(fetchWire(() => answer));

beforeEach(() => {
  answer = { status: 200, body: { result: true } };
});

function sent(index = 0): { request: FetchedRequest; form: Record<string, any> } {
  const request = wire.requests[index];
  return { request, form: qs.parse(String(request.body), QS_LIMITS) };
}

describe('tracking api: sendTrackingEvent (POST /ajax/kafka/log)', () => {
  it('posts a form with topic, action and the event qs-nested in additional_data', async () => {
    await expect(sendTrackingEvent(event)).resolves.toEqual({ ok: true, data: true });
    expect(wire.requests).toHaveLength(1);
    const { request, form } = sent();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/ajax/kafka/log');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request.credentials).toBe('include');
    expect(typeof request.body).toBe('string');

    expect(form.topic).toBe('landing_events');
    expect(form.action).toBe('view_landing');
    const data = form.additional_data;
    expect(data.eventType).toBe('landing');
    expect(data.eventCode).toBe('view_landing');
    expect(data.date).toBe('2025-01-02T03:04:05.000Z');
    expect(data.ipAddress).toBe('203.0.113.7');
    expect(data.timezone).toBe('3');
    expect(data.userAgent).toBe('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0');
    // qs sends null as an empty value: the key is still there.
    expect(data.login).toBe('');
    expect(data.detail).toEqual({
      pageViewId: 'k3j9x2m4q7w5e8r1t6y0',
      brand: 'zenit',
      country: 'ru',
      slug: 'GameART_Tournament',
      category: 'casino',
      partnerUid: 'abc123',
      sourceScreen: 'landing',
      language: 'ru',
      refer: 'https://partner.example/?a=1&b=2',
      type: 'casino',
      name: 'GameART_Tournament',
    });
    expect(data.additional_data).toEqual({
      appId: 'zenit-web',
      appVer: '4.18.2',
      sessionId: 's1',
      host: 'zenit.win',
      eventSource: 'landing',
      imprintHash: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071',
    });
  });

  it('is kept alive, so an event sent as the visitor leaves still arrives', async () => {
    await sendTrackingEvent(event);
    expect(sent().request.keepalive).toBe(true);
  });

  it("is ended by the caller's abort signal, logged and resolved", async () => {
    answer = 'hang';
    const controller = new AbortController();
    const pending = sendTrackingEvent(event, controller.signal);
    expect(sent().request.signal?.aborted).toBe(false);
    controller.abort();
    await expect(pending).resolves.toEqual({ ok: false, error: { kind: 'aborted', message: 'Request aborted', server: null } });
    expect(sent().request.signal?.aborted).toBe(true);
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/kafka/log failed: Request aborted');
  });

  it('logs an HTTP 400 with its body and resolves, never throws', async () => {
    const body = { error: { code: 'additional_data_invalid', message: 'x', field: 'additional_data' } };
    answer = { status: 400, body };
    await expect(sendTrackingEvent(event)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'http', status: 400, body, server: { code: 'additional_data_invalid', field: 'additional_data' } },
    });
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/kafka/log failed: Request failed with status code 400');
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a network failure and resolves, never throws', async () => {
    answer = 'network';
    await expect(sendTrackingEvent(event)).resolves.toEqual({
      ok: false,
      error: { kind: 'network', message: 'Network Error', server: null },
    });
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/kafka/log failed: Network Error');
    expect(error).not.toHaveBeenCalled();
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('logs a timeout and resolves, never throws', async () => {
      answer = 'hang';
      const pending = sendTrackingEvent(event);
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      await expect(pending).resolves.toEqual({
        ok: false,
        error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null },
      });
      expect(sent().request.signal?.aborted).toBe(true);
      expect(warn).toHaveBeenCalledWith('[promo] /ajax/kafka/log failed: timeout of 15000ms exceeded');
      expect(error).not.toHaveBeenCalled();
    });
  });

  it('counts any 2xx as the event taken, whatever its body (success is the status)', async () => {
    answer = { status: 200, body: '<html>' };
    await expect(sendTrackingEvent(event)).resolves.toEqual({ ok: true, data: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a 2xx whose body refuses the event, and resolves', async () => {
    answer = { status: 200, body: { success: false, error: 'topic_invalid' } };
    await expect(sendTrackingEvent(event)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'refused', server: { code: 'topic_invalid' } },
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/kafka/log failed: /ajax/kafka/log refused');
    expect(error).not.toHaveBeenCalled();
  });
});

describe('tracking api: trackingBeaconBody', () => {
  it('is the same form as the POST, typed as a form for sendBeacon', async () => {
    const blob = trackingBeaconBody(event);
    expect(blob.type).toBe('application/x-www-form-urlencoded');
    expect(await blob.text()).toBe(trackingForm(event));
    await sendTrackingEvent(event);
    expect(await blob.text()).toBe(sent().request.body);
  });
});

describe('tracking api: sendImprint (POST /ajax/cookie/imprint)', () => {
  it('posts the imprint as a form field', async () => {
    await expect(sendImprint('a3f9c2e14b7d8e6f0a1b2c3d4e5f6071')).resolves.toEqual({ ok: true, data: true });
    expect(wire.requests).toHaveLength(1);
    const { request, form } = sent();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/ajax/cookie/imprint');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request.credentials).toBe('include');
    expect(form).toEqual({ imprint: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071' });
  });

  it('logs a failure and resolves', async () => {
    answer = 'network';
    await expect(sendImprint('abc')).resolves.toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/cookie/imprint failed: Network Error');
    expect(error).not.toHaveBeenCalled();
  });
});
