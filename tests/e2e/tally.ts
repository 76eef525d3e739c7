import { test } from '@playwright/test';

/**
 * What a test tried, for the figures the suite prints at the end: faults injected, hostile payloads
 * pushed through a channel, main-site answer shapes a funnel step met. Recorded as annotations so the
 * tally reporter can add them up.
 */
export type TallyKind = 'faults' | 'payloads' | 'shapes';

export function tally(kind: TallyKind, count = 1): void {
  test.info().annotations.push({ type: `tally:${kind}`, description: String(count) });
}
