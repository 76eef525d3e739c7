import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import qs from 'qs';
import { api } from '../../../src/main-site/ajax';
import { QS_LIMITS } from '../../../src/main-site/client';
import { sendImprint, sendTrackingEvent, trackingBeaconBody, trackingForm } from '../../../src/main-site/tracking';
import { buildTrackingEvent, landingViewDetail } from '../../../src/domain/tracking';
import { installWire } from './transport';

const event = buildTrackingEvent({
  code: 'view_landing',
  detail: landingViewDetail({
    partnerUid: 'abc123',
    language: 'ru',
    referrer: 'https://partner.example/?a=1&b=2',
    slug: 'GameART_Tournament',
  }),
  account: { ip: '203.0.113.7', timezoneId: 3, appId: 'zenit-web', appVer: '4.18.2', sessionId: 's1', eventSource: 'landing', login: null },
  imprintHash: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0',
  host: 'zenit.win',
  now: Date.UTC(2025, 0, 2, 3, 4, 5),
});

const ok = (config: InternalAxiosRequestConfig) => ({ data: { result: true }, status: 200, statusText: 'OK', headers: {}, config });

// The shared hooks put the real adapter back and silence the console; this file keeps its own
// always-succeeding adapter so each test can inspect and re-program it through `adapter`.
const { warn } = installWire();
let adapter: jest.MockedFunction<AxiosAdapter>;

beforeEach(() => {
  adapter = jest.fn(async (config) => ok(config));
  api.defaults.adapter = adapter;
});

function sent(index = 0): { config: InternalAxiosRequestConfig; form: Record<string, any> } {
  const config = adapter.mock.calls[index][0];
  return { config, form: qs.parse(String(config.data), QS_LIMITS) };
}

describe('tracking api: sendTrackingEvent (POST /ajax/kafka/log)', () => {
  it('posts a form with topic, action and the event qs-nested in additional_data', async () => {
    await expect(sendTrackingEvent(event)).resolves.toEqual({ ok: true, data: true });
    expect(adapter).toHaveBeenCalledTimes(1);
    const { config, form } = sent();
    expect(config.method).toBe('post');
    expect(config.url).toBe('/ajax/kafka/log');
    expect(String(config.headers['Content-Type'])).toMatch(/^application\/x-www-form-urlencoded/);
    expect(typeof config.data).toBe('string');

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

  it('passes an abort signal through', async () => {
    const controller = new AbortController();
    await sendTrackingEvent(event, controller.signal);
    expect(sent().config.signal).toBe(controller.signal);
  });

  it.each([
    [
      'an HTTP 400',
      (config: InternalAxiosRequestConfig) =>
        new AxiosError('Request failed with status code 400', 'ERR_BAD_REQUEST', config, {}, {
          ...ok(config),
          status: 400,
          data: { error: { code: 'additional_data_invalid', message: 'x', field: 'additional_data' } },
        } as never),
    ],
    ['a network failure', (config: InternalAxiosRequestConfig) => new AxiosError('Network Error', 'ERR_NETWORK', config, {})],
    ['a timeout', (config: InternalAxiosRequestConfig) => new AxiosError('timeout of 15000ms exceeded', 'ECONNABORTED', config, {})],
  ])('logs %s and resolves, never throws', async (_what, failure) => {
    adapter.mockImplementation(async (config) => {
      throw failure(config);
    });
    const result = await sendTrackingEvent(event);
    expect(result.ok).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/ajax/kafka/log failed'));
  });

  it('counts any 2xx as the event taken, whatever its body (success is the status)', async () => {
    adapter.mockImplementation(async (config) => ({ ...ok(config), data: '<html>' }));
    await expect(sendTrackingEvent(event)).resolves.toEqual({ ok: true, data: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a 2xx whose body refuses the event, and resolves', async () => {
    adapter.mockImplementation(async (config) => ({ ...ok(config), data: { success: false, error: 'topic_invalid' } }));
    await expect(sendTrackingEvent(event)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'refused', server: { code: 'topic_invalid' } },
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('tracking api: trackingBeaconBody', () => {
  it('is the same form as the POST, typed as a form for sendBeacon', async () => {
    const blob = trackingBeaconBody(event);
    expect(blob.type).toBe('application/x-www-form-urlencoded');
    expect(await blob.text()).toBe(trackingForm(event));
    await sendTrackingEvent(event);
    expect(await blob.text()).toBe(sent().config.data);
  });
});

describe('tracking api: sendImprint (POST /ajax/cookie/imprint)', () => {
  it('posts the imprint as a form field', async () => {
    await expect(sendImprint('a3f9c2e14b7d8e6f0a1b2c3d4e5f6071')).resolves.toEqual({ ok: true, data: true });
    const { config, form } = sent();
    expect(config.method).toBe('post');
    expect(config.url).toBe('/ajax/cookie/imprint');
    expect(String(config.headers['Content-Type'])).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form).toEqual({ imprint: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071' });
  });

  it('logs a failure and resolves', async () => {
    adapter.mockImplementation(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    });
    await expect(sendImprint('abc')).resolves.toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/ajax/cookie/imprint failed'));
  });
});
