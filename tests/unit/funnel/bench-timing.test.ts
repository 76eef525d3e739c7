/** The funnel bench's pure parts (scripts/bench/funnel/main.ts): reading /usr/bin/time, the table of ratios. */
import { parseTimeLine, timingTable } from '../../../scripts/bench/funnel/main';

test('reads wall, user + system seconds and the peak resident set of /usr/bin/time -f', () => {
  const measured = parseTimeLine('[funnel] something\nFUNNEL_TIME 96.83 18.40 3.40 615424\n');
  expect(measured).toMatchObject({ wallS: 96.83, peakRssMb: 601 });
  expect(measured?.cpuS).toBeCloseTo(21.8, 10);
  expect(parseTimeLine('Command terminated by signal 9')).toBeNull();
});

test('sets each size against the smallest', () => {
  const table = timingTable([
    { events: 1_000_000, fileMb: 750, generateS: 40, wallS: 10, cpuS: 8, peakRssMb: 500 },
    { events: 10_000_000, fileMb: 7500, generateS: 400, wallS: 95, cpuS: 82, peakRssMb: 600 },
  ]);
  expect(table.split('\n')[3]).toBe('| 10,000,000 | 7500 | 95.0 | 82.0 | 8.2 | 600 | 10.0× | 9.50× | 10.25× | 1.20× |');
});
