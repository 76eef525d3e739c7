/**
 * The two Lighthouse passes: Lighthouse's default CPU multiplier, and one chosen so the
 * simulated CPU is a fixed phone whatever the host's speed that day (pure).
 */

export type PassId = 'default' | 'calibrated';

export interface TargetPhone {
  name: string;
  benchmarkIndex: number;
}

export interface Calibration {
  /** The host's benchmarkIndex the multiplier is made from (median of the short runs before the passes). */
  hostIndex: number;
  target: TargetPhone;
  /** hostIndex / target index, before clamping. */
  exact: number;
  /** What Lighthouse gets: exact, clamped to the range and truncated to hundredths as Chromium does. */
  multiplier: number;
  /** Which bound the exact figure was clamped to, if any. */
  clamped: 'min' | 'max' | null;
}

export interface PassPlan {
  id: PassId;
  title: string;
  cpuSlowdownMultiplier: number;
  calibration: Calibration | null;
}

/** Chromium's CPU throttling keeps two decimals (DevTools' calibration truncates the same way). */
function hundredths(value: number): number {
  return Math.floor(value * 100 + 1e-9) / 100;
}

/** multiplier = hostIndex / targetIndex, kept within the range; null when the host index is unknown. */
export function chooseMultiplier(hostIndex: number | null, target: TargetPhone, range: { min: number; max: number }): Calibration | null {
  if (hostIndex === null || !Number.isFinite(hostIndex) || hostIndex <= 0) return null;
  const exact = hostIndex / target.benchmarkIndex;
  const clamped = exact < range.min ? 'min' : exact > range.max ? 'max' : null;
  const multiplier = clamped === 'min' ? range.min : clamped === 'max' ? range.max : hundredths(exact);
  return { hostIndex, target, exact, multiplier, clamped };
}

/** The benchmarkIndex a pass's runs simulated: what the host measured, divided by the multiplier. */
export function simulatedIndex(hostIndex: number | null, multiplier: number): number | null {
  if (hostIndex === null || !Number.isFinite(hostIndex) || multiplier <= 0) return null;
  return hostIndex / multiplier;
}

export function fmtMultiplier(multiplier: number): string {
  return `${Number(multiplier.toFixed(2))}×`;
}

/** Default pass first, then the calibrated one; the calibrated one is left out (and why) when the host index is unknown. */
export function planPasses(calibration: Calibration | null, defaultMultiplier: number): { plans: PassPlan[]; skipped: string | null } {
  const plans: PassPlan[] = [
    {
      id: 'default',
      title: `default pass (CPU ${fmtMultiplier(defaultMultiplier)})`,
      cpuSlowdownMultiplier: defaultMultiplier,
      calibration: null,
    },
  ];
  if (!calibration) return { plans, skipped: 'the calibrated pass did not run: the host benchmarkIndex could not be measured' };
  plans.push({
    id: 'calibrated',
    title: `calibrated pass (CPU ${fmtMultiplier(calibration.multiplier)}: ${calibrationSentence(calibration)})`,
    cpuSlowdownMultiplier: calibration.multiplier,
    calibration,
  });
  return { plans, skipped: null };
}

/** "host 1850 / low-tier phone 264", with the clamp said when there was one. */
export function calibrationSentence(calibration: Calibration): string {
  const base = `host ${Math.round(calibration.hostIndex)} / ${calibration.target.name} ${calibration.target.benchmarkIndex}`;
  if (calibration.clamped === 'min')
    return `${base} = ${calibration.exact.toFixed(2)}, raised to ${fmtMultiplier(calibration.multiplier)}: the host is slower than the target phone, so this pass simulates the host itself, a slower phone than the target`;
  if (calibration.clamped === 'max')
    return `${base} = ${calibration.exact.toFixed(2)}, capped at ${fmtMultiplier(calibration.multiplier)}: an index that high is a bad reading`;
  return base;
}
