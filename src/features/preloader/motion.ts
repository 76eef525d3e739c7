/**
 * The preloader's motion (spec 4, 9: the icon animation cycles every 1.5 s) as a few poses per cycle,
 * which the first-screen script steps through (src/early/early.ts), rather than a CSS animation. A
 * running CSS animation has the compositor make a frame at every refresh of the display for as long as
 * the preloader is up, and each frame costs CPU the page's start-up competes for. Stepped poses make
 * only a few frames a second.
 */
import type { Brand } from '../../domain/links';
import { PRELOADER_STEP } from '../../early/early-state';
import { PRELOADER_ICON_CYCLE_MS } from '../../domain/timing';

/** How one icon layer looks at one step: a CSS transform, an opacity, whether it shows at all. */
export interface Pose {
  transform?: string;
  opacity?: number;
  hidden?: boolean;
}

export interface PreloaderMotion {
  /** The icon of each layer, bottom first (static/icons). */
  icons: string[];
  /** How long each pose shows, in ms. */
  stepMs: number;
  /** poses[step][layer]; the motion repeats after the last step. */
  poses: Pose[][];
}

/** Poses per icon cycle of the moving icons: 30° a step, as a classic twelve-spoke activity indicator. */
export const STEPS_PER_CYCLE = 12;

/** CSS's ease-in-out, near enough for poses 125 ms apart. */
const easeInOut = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** There and back within one cycle: 0 → 1 over the first half, 1 → 0 over the second, eased. */
const swell = (phase: number) => easeInOut(phase < 0.5 ? phase * 2 : 2 - phase * 2);

const spin = (phase: number): Pose => ({ transform: `rotate(${round(360 * phase)}deg)` });
const pulse = (phase: number): Pose => ({ transform: `scale(${round(1 + 0.15 * swell(phase))})`, opacity: round(1 - 0.25 * swell(phase)) });
const spinAndSwell = (phase: number): Pose => {
  const half = phase < 0.5 ? phase * 2 : phase * 2 - 1;
  const angle = 180 * easeInOut(half) + (phase < 0.5 ? 0 : 180);
  return { transform: `rotate(${round(angle)}deg) scale(${round(1 + 0.12 * swell(phase))})` };
};

/** The layers of each moving brand icon, bottom first, each with its motion (zenit: ring and bolt; zenbet: one mark). */
const LAYERS: Record<Exclude<Brand, 'cupis'>, Array<{ icon: string; motion: (phase: number) => Pose }>> = {
  zenit: [
    { icon: 'preloader/zenit-ring.svg', motion: spin },
    { icon: 'preloader/zenit-bolt.svg', motion: pulse },
  ],
  zenbet: [{ icon: 'preloader/zenbet.svg', motion: spinAndSwell }],
};

/** The cupis sequence (football, hockey, basketball, tennis): one icon at a time, each for one cycle. */
export const CUPIS_ICON_COUNT = 4;
const CUPIS_ICONS = Array.from({ length: CUPIS_ICON_COUNT }, (_, index) => `preloader/cupis-${index + 1}.svg`);

export function preloaderMotion(brand: Brand): PreloaderMotion {
  if (brand === 'cupis') {
    return {
      icons: CUPIS_ICONS,
      stepMs: PRELOADER_ICON_CYCLE_MS,
      poses: Array.from({ length: CUPIS_ICON_COUNT }, (_, step) =>
        Array.from({ length: CUPIS_ICON_COUNT }, (__, icon) => ({ hidden: icon !== step })),
      ),
    };
  }
  return {
    icons: LAYERS[brand].map(({ icon }) => icon),
    stepMs: PRELOADER_ICON_CYCLE_MS / STEPS_PER_CYCLE,
    poses: Array.from({ length: STEPS_PER_CYCLE }, (_, step) => LAYERS[brand].map(({ motion }) => motion(step / STEPS_PER_CYCLE))),
  };
}

/**
 * The CSS of the poses, nested under the overlay (`&`): a layer (`[data-layer]`) takes the pose of the
 * step the overlay's `data-step` names. Step 0 is the rest pose the HTML is built with.
 */
export function poseRules(motion: PreloaderMotion): string {
  return motion.poses
    .flatMap((layers, step) =>
      layers.map((pose, layer) => {
        const declarations = [
          pose.transform && `transform:${pose.transform}`,
          pose.opacity !== undefined && `opacity:${pose.opacity}`,
          pose.hidden !== undefined && `visibility:${pose.hidden ? 'hidden' : 'visible'}`,
        ].filter(Boolean);
        return `&[${PRELOADER_STEP}='${step}'] [data-layer='${layer}']{${declarations.join(';')}}`;
      }),
    )
    .join('\n');
}
