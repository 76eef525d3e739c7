/**
 * The time of a page view's next event, in whole milliseconds since the epoch (what an ISO date keeps):
 * `now`, or one millisecond after the view's last event when `now` is not later. So two events raised at
 * one moment still carry two times, in the order they were raised, and a consumer can order the view's
 * events by time even where the wire delivered them out of order.
 */
export function nextEventTime(last: number | null, now: number): number {
  const ms = Math.floor(now);
  return last !== null && ms <= last ? last + 1 : ms;
}
