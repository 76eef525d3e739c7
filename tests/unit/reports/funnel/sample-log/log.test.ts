/** The funnel report's sample event log (reports/funnel/sample-log/log.ts): the agreed line shape, the same bytes for a seed. */
import { funnelLogLines, type LogOptions } from '../../../../../reports/funnel/sample-log/log';
import { FUNNEL_STEPS } from '../../../../../reports/funnel/codes';

const options: LogOptions = {
  events: 3000,
  seed: 7,
  landings: [
    { brand: 'zenit', country: 'ru', slug: 'bonus20000', category: 'casino' },
    { brand: 'zenbet', country: 'br', slug: 'freebet35', category: 'sport' },
    { brand: 'cupis', country: 'sw', slug: 'quiz', category: 'sport' },
  ],
  start: Date.UTC(2026, 2, 1),
  days: 7,
  badShare: 0,
};

const lines = (overrides: Partial<LogOptions> = {}) => [...funnelLogLines({ ...options, ...overrides })];

test('writes exactly the events asked for, the same for the same seed and different for another', () => {
  const first = lines();
  expect(first).toHaveLength(3000);
  expect(lines()).toEqual(first);
  expect(lines({ seed: 8 })).not.toEqual(first);
});

test('every line is one received call in the agreed shape, its detail carrying the landing keys', () => {
  const misshapen = lines().filter((text) => {
    const line = JSON.parse(text);
    const detail = line.event?.detail ?? {};
    return (
      Object.keys(line).join() !== 'receivedAt,topic,action,event' ||
      line.topic !== 'landing_events' ||
      line.event.eventCode !== line.action ||
      !/^[a-z2-7]{20}$/.test(detail.pageViewId) ||
      !options.landings.some(
        (landing) => landing.brand === detail.brand && landing.country === detail.country && landing.slug === detail.slug,
      ) ||
      Number.isNaN(Date.parse(line.event.date))
    );
  });
  expect(misshapen).toEqual([]);
});

test('each step loses visitors, and most views send their vitals', () => {
  const parsed = lines().map((text) => JSON.parse(text));
  const views = (code: string) => new Set(parsed.filter((line) => line.action === code).map((line) => line.event.detail.pageViewId)).size;
  const counts = FUNNEL_STEPS.map(views);
  for (let step = 1; step < counts.length; step++) expect(counts[step]).toBeLessThan(counts[step - 1]);
  expect(views('web_vitals') / counts[0]).toBeGreaterThan(0.8);
});

test('breaks the share of lines asked for', () => {
  const broken = lines({ badShare: 0.05 }).filter((text) => {
    try {
      const line = JSON.parse(text);
      return !line.event.detail.pageViewId || line.action === 'click_banner_landing';
    } catch {
      return true;
    }
  });
  expect(broken.length).toBeGreaterThan(100);
  expect(broken.length).toBeLessThan(200);
});
