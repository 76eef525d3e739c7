/** The stand-in keeps every tracking call it takes as one JSON line of its event log (lib/event-log.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConsentChoiceEvent, buildTrackingEvent } from '../../src/domain/tracking';
import { trackingForm } from '../../src/tracking/calls/tracking';
import { DEFAULT_EVENT_LOG, eventLogPathFrom } from '../../lib/event-log';
import { formEncoded, makeApp } from './helpers';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stand-in-events-'));
  made.push(dir);
  return dir;
};
const readLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const vitals = buildTrackingEvent({
  code: 'web_vitals',
  detail: {
    pageViewId: 'k3j9x2m7q4w8p1z6',
    brand: 'zenit',
    country: 'ru',
    slug: 'bonus20000',
    category: 'casino',
    lcp: 1840,
    inp: null,
    cls: 0.0312,
    fcp: 900,
    ttfb: 210,
    effectiveType: null,
  },
  account: {
    ip: '203.0.113.7',
    timezoneId: 3,
    appId: 'zenit-web',
    appVer: '5.1',
    sessionId: 'sess-1',
    eventSource: 'landing',
    login: null,
  },
  imprintHash: null,
  userAgent: 'test-agent',
  host: 'www.example.com',
  now: Date.UTC(2026, 2, 2, 10, 0, 0),
});

test('appends the call as the browser sends it (qs-nested), with the event decoded to its own types', async () => {
  const file = path.join(tempDir(), 'nested', 'events.jsonl');
  const app = makeApp({ eventLog: file, now: () => Date.UTC(2026, 2, 2, 10, 0, 1) });
  const response = await app.inject({ method: 'POST', url: '/ajax/kafka/log', payload: trackingForm(vitals), headers: FORM });
  expect(response.statusCode).toBe(200);
  expect(readLines(file)).toEqual([
    { receivedAt: '2026-03-02T10:00:01.000Z', topic: 'landing_events', action: 'web_vitals', event: vitals },
  ]);
  await app.close();
});

test('takes and logs the consent choice, which names no page view, as the browser sends it', async () => {
  const file = path.join(tempDir(), 'consent', 'events.jsonl');
  const app = makeApp({ eventLog: file, now: () => Date.UTC(2026, 2, 2, 10, 0, 1) });
  const choice = buildConsentChoiceEvent({
    choice: 'accept',
    market: 'de',
    brand: 'zenit',
    slug: 'bonus20000',
    consentMode: 'opt-in',
    host: 'www.example.com',
    now: Date.UTC(2026, 2, 2, 10, 0, 0),
  });
  const response = await app.inject({ method: 'POST', url: '/ajax/kafka/log', payload: trackingForm(choice), headers: FORM });
  expect(response.statusCode).toBe(200);
  expect(readLines(file)).toEqual([
    { receivedAt: '2026-03-02T10:00:01.000Z', topic: 'landing_events', action: 'consent_choice', event: choice },
  ]);
  await app.close();
});

test('takes a JSON-encoded event as it is, and appends one line per call in order', async () => {
  const file = path.join(tempDir(), 'events.jsonl');
  const app = makeApp({ eventLog: file });
  for (const action of ['view_landing', 'reg_start']) {
    const form = formEncoded({
      topic: 'landing_events',
      action,
      additional_data: JSON.stringify({ eventCode: action, detail: { pageViewId: 'p1', lcp: '12' } }),
    });
    await app.inject({ method: 'POST', url: '/ajax/kafka/log', ...form });
  }
  const lines = readLines(file);
  expect(lines.map((line) => line.action)).toEqual(['view_landing', 'reg_start']);
  expect(lines[1].event).toEqual({ eventCode: 'reg_start', detail: { pageViewId: 'p1', lcp: '12' } });
  await app.close();
});

test('a refused call is not logged; a call without an event is, with event null', async () => {
  const file = path.join(tempDir(), 'events.jsonl');
  const app = makeApp({ eventLog: file });
  const refused = await app.inject({
    method: 'POST',
    url: '/ajax/kafka/log',
    ...formEncoded({ topic: 'landing events', action: 'view_landing' }),
  });
  expect(refused.statusCode).toBe(400);
  expect(fs.existsSync(file)).toBe(false);
  await app.inject({ method: 'POST', url: '/ajax/kafka/log', ...formEncoded({ topic: 'landing_events', action: 'view_landing' }) });
  expect(readLines(file)).toEqual([expect.objectContaining({ action: 'view_landing', event: null })]);
  await app.close();
});

test('a log that cannot be written never fails the call', async () => {
  const blocker = path.join(tempDir(), 'a-file');
  fs.writeFileSync(blocker, 'not a folder');
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const app = makeApp({ eventLog: path.join(blocker, 'events.jsonl') });
  for (let call = 0; call < 2; call++) {
    const response = await app.inject({ method: 'POST', url: '/ajax/kafka/log', payload: trackingForm(vitals), headers: FORM });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
  }
  // Said once, not once per event.
  expect(errors).toHaveBeenCalledTimes(1);
  expect(String(errors.mock.calls[0][0])).toContain('could not append to the event log');
  errors.mockRestore();
  await app.close();
});

test('the log is PROMO_EVENT_LOG (relative to the working directory), else var/events.jsonl', () => {
  expect(eventLogPathFrom({ PROMO_EVENT_LOG: 'test-results/events.jsonl' }, '/srv/promo')).toBe('/srv/promo/test-results/events.jsonl');
  expect(eventLogPathFrom({}, '/srv/promo')).toBe(DEFAULT_EVENT_LOG);
  expect(path.relative(path.resolve(__dirname, '..', '..'), DEFAULT_EVENT_LOG)).toBe(path.join('var', 'events.jsonl'));
});
