/**
 * Core Web Vitals from the field (src/tracking/vitals.ts): Google's web-vitals is fetched with
 * the tracker once the page is idle, and the view's five measures leave in ONE form-encoded web_vitals
 * beacon as the page is first hidden, with the view's id, the landing and the connection type. The
 * library is stood in for: jsdom measures nothing, and what is under test is what the page makes of its
 * reports.
 */
import { act, render, waitFor } from '@testing-library/react';
import qs from 'qs';
import React from 'react';
import type { Metric } from 'web-vitals';
import { QS_LIMITS } from '../../../src/main-site/client';
import { TrackingProvider } from '../../../src/tracking/TrackingProvider';
import { VisitorProvider } from '../../../src/site/visitor';
import { fetchWire, installFetchWire } from '../../fixtures/fetch-wire';

type Report = (metric: Pick<Metric, 'name' | 'value'>) => void;
const mockReports: Record<string, Report> = {};
const mockOptions: unknown[] = [];
jest.mock('web-vitals', () => {
  const on = (name: string) => (report: Report, options?: unknown) => {
    mockReports[name] = report;
    mockOptions.push(options);
  };
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onFCP: on('FCP'), onTTFB: on('TTFB') };
});
jest.mock('../../../src/runtime/idle', () => ({
  whenIdle: (run: () => void) => {
    const id = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(id);
  },
}));

const wire = installFetchWire(fetchWire(() => ({ body: { result: true } })));
const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
let idle: IdleRequestCallback[] = [];

function runIdle() {
  const callbacks = idle;
  idle = [];
  act(() => callbacks.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
}

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

type Sent = { action: string; topic: string; additional_data: { eventCode: string; detail: Record<string, string> } };

async function beaconsOf(action: string): Promise<Sent[]> {
  const all = await Promise.all(
    sendBeacon.mock.calls.map(async ([url, body]) => {
      expect(url).toBe('/ajax/kafka/log');
      expect((body as Blob).type).toBe('application/x-www-form-urlencoded');
      return qs.parse(await blobText(body as Blob), QS_LIMITS) as unknown as Sent;
    }),
  );
  return all.filter((form) => form.action === action);
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeAll(() => {
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
  window.cancelIdleCallback = jest.fn();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  Object.defineProperty(navigator, 'connection', { value: { effectiveType: '3g' }, configurable: true });
  window.history.replaceState(null, '', '/promo/zenbet/br/bonus20000/');
  localStorage.setItem('imprint', 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071');
  localStorage.setItem('imprint_sent', 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

test("the load's five measures go in one beacon as the page is first hidden, never before idle, once", async () => {
  render(
    <VisitorProvider>
      <TrackingProvider brand="zenbet" slug="bonus20000" language="br">
        <p>landing</p>
      </TrackingProvider>
    </VisitorProvider>,
  );
  await settle();
  // Not in the page's start: nothing measures before the browser is idle.
  expect(Object.keys(mockReports)).toEqual([]);

  runIdle();
  await waitFor(() => expect(Object.keys(mockReports).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']));
  // The library's own batching: each metric's value for the view, not every change.
  expect(mockOptions).toEqual([undefined, undefined, undefined, undefined, undefined]);
  await waitFor(() => expect(wire.to('/ajax/kafka/log')).toHaveLength(1));
  const view = qs.parse(String(wire.to('/ajax/kafka/log')[0].body), QS_LIMITS) as unknown as Sent;
  expect(view.action).toBe('view_landing');

  mockReports.TTFB({ name: 'TTFB', value: 203.49 });
  mockReports.FCP({ name: 'FCP', value: 912.2 });
  mockReports.LCP({ name: 'LCP', value: 1834.6 });
  mockReports.CLS({ name: 'CLS', value: 0.01 });
  // Reported again as the page is hidden: the last value is the view's.
  mockReports.CLS({ name: 'CLS', value: 0.041237 });
  expect(await beaconsOf('web_vitals')).toEqual([]);

  hidePage();
  const sent = await beaconsOf('web_vitals');
  expect(sent).toHaveLength(1);
  expect(sent[0].topic).toBe('landing_events');
  expect(sent[0].additional_data.eventCode).toBe('web_vitals');
  // qs sends numbers as text and null as an empty value: no interaction, no INP.
  expect(sent[0].additional_data.detail).toEqual({
    pageViewId: view.additional_data.detail.pageViewId,
    brand: 'zenbet',
    country: 'br',
    slug: 'bonus20000',
    category: 'casino',
    lcp: '1835',
    inp: '',
    cls: '0.0412',
    fcp: '912',
    ttfb: '203',
    effectiveType: '3g',
  });

  // Shown again, an interaction, hidden again and left: the view's beacon has gone already.
  mockReports.INP({ name: 'INP', value: 120 });
  hidePage();
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(await beaconsOf('web_vitals')).toHaveLength(1);
});
