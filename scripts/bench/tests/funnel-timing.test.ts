/** The funnel bench's pure parts (scripts/bench/funnel.ts): reading /usr/bin/time, the rounds' summary, the table of ratios. */
import { funnelTable, parseTimeLine, runFunnelScale, summarise } from '../funnel';

test('reads wall, user + system seconds and the peak resident set of /usr/bin/time -f', () => {
  const measured = parseTimeLine('[funnel] something\nFUNNEL_TIME 96.83 18.40 3.40 615424\n');
  expect(measured).toMatchObject({ wallS: 96.83, peakRssMb: 601 });
  expect(measured?.cpuS).toBeCloseTo(21.8, 10);
  expect(parseTimeLine('Command terminated by signal 9')).toBeNull();
});

test('sums up a size over its rounds: median wall and CPU, least CPU, highest peak', () => {
  const run = summarise(1_000_000, 750, 40, [
    { wallS: 12, cpuS: 10, peakRssMb: 500 },
    { wallS: 30, cpuS: 25, peakRssMb: 520 },
    { wallS: 11, cpuS: 9, peakRssMb: 510 },
  ]);
  expect(run).toMatchObject({ events: 1_000_000, fileMb: 750, generateS: 40, wallS: 12, cpuS: 10, cpuMinS: 9, peakRssMb: 520 });
  expect(run.rounds).toHaveLength(3);
  const even = summarise(1_000_000, 750, 40, [
    { wallS: 4, cpuS: 8, peakRssMb: 500 },
    { wallS: 1, cpuS: 2, peakRssMb: 510 },
    { wallS: 3, cpuS: 6, peakRssMb: 505 },
    { wallS: 2, cpuS: 4, peakRssMb: 490 },
  ]);
  expect(even).toMatchObject({ wallS: 2.5, cpuS: 5, cpuMinS: 2, peakRssMb: 510 });
});

test('sets each size against the smallest', () => {
  const { header, rows } = funnelTable([
    { events: 1_000_000, fileMb: 750, generateS: 40, wallS: 10, cpuS: 8, cpuMinS: 6, peakRssMb: 500, rounds: [] },
    { events: 10_000_000, fileMb: 7500, generateS: 400, wallS: 95, cpuS: 82, cpuMinS: 63, peakRssMb: 600, rounds: [] },
  ]);
  expect(header).toEqual([
    'events',
    'log MB',
    'wall s',
    'CPU s, median (least)',
    'least CPU µs/event',
    'peak RSS MB',
    'size ×',
    'wall ×',
    'CPU × (least)',
    'RSS ×',
  ]);
  expect(rows).toEqual([
    ['1,000,000', '750', '10.0', '8.0 (6.0)', '6.0', '500', '1.0×', '1.00×', '1.00× (1.00×)', '1.00×'],
    ['10,000,000', '7500', '95.0', '82.0 (63.0)', '6.3', '600', '10.0×', '9.50×', '10.25× (10.50×)', '1.20×'],
  ]);
});

test('refuses sizes and rounds that are not whole numbers before writing any log', async () => {
  const messages: string[] = [];
  const { phases, errors } = await runFunnelScale([1_000_000, 0.5], (message) => messages.push(message));
  expect(phases).toEqual([]);
  expect(errors).toContain('funnel sizes are whole numbers of events, e.g. 1000000 10000000; FUNNEL_BENCH_ROUNDS one ≥ 1');
  expect(messages).toEqual([]);
});
