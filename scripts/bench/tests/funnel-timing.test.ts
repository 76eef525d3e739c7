/** The funnel bench's pure parts (scripts/bench/funnel/main.ts): reading /usr/bin/time, the table of ratios. */
import { median, parseTimeLine, summarise, timingTable } from '../funnel/main';

test('reads wall, user + system seconds and the peak resident set of /usr/bin/time -f', () => {
  const measured = parseTimeLine('[funnel] something\nFUNNEL_TIME 96.83 18.40 3.40 615424\n');
  expect(measured).toMatchObject({ wallS: 96.83, peakRssMb: 601 });
  expect(measured?.cpuS).toBeCloseTo(21.8, 10);
  expect(parseTimeLine('Command terminated by signal 9')).toBeNull();
});

test('sums up a size over its rounds: median wall and CPU, least CPU, highest peak', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  const run = summarise(1_000_000, 750, 40, [
    { wallS: 12, cpuS: 10, peakRssMb: 500 },
    { wallS: 30, cpuS: 25, peakRssMb: 520 },
    { wallS: 11, cpuS: 9, peakRssMb: 510 },
  ]);
  expect(run).toMatchObject({ wallS: 12, cpuS: 10, cpuMinS: 9, peakRssMb: 520 });
});

test('sets each size against the smallest', () => {
  const table = timingTable([
    { events: 1_000_000, fileMb: 750, generateS: 40, wallS: 10, cpuS: 8, cpuMinS: 6, peakRssMb: 500, rounds: [] },
    { events: 10_000_000, fileMb: 7500, generateS: 400, wallS: 95, cpuS: 82, cpuMinS: 63, peakRssMb: 600, rounds: [] },
  ]);
  expect(table.split('\n')[3]).toBe('| 10,000,000 | 7500 | 95.0 | 82.0 (63.0) | 6.3 | 600 | 10.0× | 9.50× | 10.25× (10.50×) | 1.20× |');
});
