/**
 * The preloader's poses (src/features/preloader/motion.ts): spec 4's icon cycle of 1.5 s, the motion of
 * each brand's icon, and the CSS that shows them.
 */
import { PRELOADER_ICON_CYCLE_MS } from '../../../src/domain/timing';
import { CUPIS_ICON_COUNT, poseRules, preloaderMotion, STEPS_PER_CYCLE } from '../../../src/features/preloader/motion';

const angle = (transform = '') => Number(/rotate\(([\d.]+)deg\)/.exec(transform)?.[1] ?? NaN);
const scale = (transform = '') => Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? 1);

describe('one cycle of the moving icons takes 1.5 s (spec 4)', () => {
  test.each(['zenit', 'zenbet'] as const)(
    '%s: its poses fill one cycle, and the first is the rest pose the page is built with',
    (brand) => {
      const motion = preloaderMotion(brand);
      expect(motion.poses).toHaveLength(STEPS_PER_CYCLE);
      expect(motion.stepMs * motion.poses.length).toBe(PRELOADER_ICON_CYCLE_MS);
      for (const pose of motion.poses[0]) {
        expect(angle(pose.transform) || 0).toBe(0);
        expect(scale(pose.transform)).toBe(1);
      }
    },
  );

  test('zenit: the ring turns once a cycle, evenly; the bolt swells and fades to its peak half-way, then back', () => {
    const poses = preloaderMotion('zenit').poses;
    const ring = poses.map(([layer]) => angle(layer.transform));
    expect(ring).toEqual(ring.map((_, step) => (360 / STEPS_PER_CYCLE) * step));
    const bolt = poses.map(([, layer]) => layer);
    const half = STEPS_PER_CYCLE / 2;
    expect(scale(bolt[half].transform)).toBeCloseTo(1.15);
    expect(bolt[half].opacity).toBeCloseTo(0.75);
    for (let step = 1; step < half; step += 1) {
      expect(scale(bolt[step].transform)).toBeGreaterThan(scale(bolt[step - 1].transform));
      expect(scale(bolt[STEPS_PER_CYCLE - step].transform)).toBeCloseTo(scale(bolt[step].transform));
    }
  });

  test('zenbet: the mark turns once a cycle, half a turn swelling, half shrinking back', () => {
    const poses = preloaderMotion('zenbet').poses.map(([layer]) => layer.transform);
    const angles = poses.map(angle);
    for (let step = 1; step < angles.length; step += 1) expect(angles[step]).toBeGreaterThan(angles[step - 1]);
    expect(angles[STEPS_PER_CYCLE / 2]).toBe(180);
    expect(angles[STEPS_PER_CYCLE - 1]).toBeLessThan(360);
    expect(scale(poses[STEPS_PER_CYCLE / 2])).toBeCloseTo(1.12);
  });

  test('cupis: one icon at a time, each for one cycle, each in turn', () => {
    const motion = preloaderMotion('cupis');
    expect(motion.stepMs).toBe(PRELOADER_ICON_CYCLE_MS);
    const shown = motion.poses.map((icons) => icons.flatMap((pose, index) => (pose.hidden ? [] : [index])));
    expect(shown).toEqual(Array.from({ length: CUPIS_ICON_COUNT }, (_, step) => [step]));
  });
});

describe('the CSS of the poses', () => {
  test.each(['zenit', 'zenbet', 'cupis'] as const)('%s: a rule for every layer at every step, with values only', (brand) => {
    const motion = preloaderMotion(brand);
    const rules = poseRules(motion).split('\n');
    expect(rules).toHaveLength(motion.poses.length * motion.poses[0].length);
    expect(rules[0]).toMatch(/^&\[data-step='0'\] \[data-layer='0'\]\{[a-z-]+:[^;{}]+(;[a-z-]+:[^;{}]+)*\}$/);
    expect(rules.join('')).not.toMatch(/undefined|NaN/);
  });
});
