import { nextEventTime } from '../../../src/domain/event-time';

describe('tracking: each event of a page view has a time of its own', () => {
  it('takes the clock when it is later than the last event, in whole milliseconds', () => {
    expect(nextEventTime(null, 1_700_000_000_123.9)).toBe(1_700_000_000_123);
    expect(nextEventTime(1_700_000_000_100, 1_700_000_000_123.4)).toBe(1_700_000_000_123);
  });

  it('gives events raised at one moment, or a clock that stepped back, one millisecond after the last', () => {
    let last: number | null = null;
    const times = [5000.2, 5000.7, 5000.9, 4990, 5003].map((now) => (last = nextEventTime(last, now)));
    expect(times).toEqual([5000, 5001, 5002, 5003, 5004]);
  });
});
