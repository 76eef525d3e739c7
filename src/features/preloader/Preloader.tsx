import React from 'react';
import styled, { css, keyframes } from 'styled-components';
import { PRELOADER_ID } from '../../early/early-state';
import type { Brand } from '../../domain/links';
import { PRELOADER_ICON_CYCLE_MS } from '../../domain/timing';
import { InlineIcon } from '../../site/InlineIcon';
import { color } from '../../styles/themes';

/** The cupis sequence: football, hockey, basketball, tennis. */
export const CUPIS_ICONS = [1, 2, 3, 4].map((n) => `preloader/cupis-${n}.svg`);

/** If the page's script never runs, the static overlay still steps aside after a few seconds. */
const giveUp = keyframes`
  to { opacity: 0; visibility: hidden; }
`;

/*
 * The brand icons are SVG written into the page (site/InlineIcon.tsx) and the motion is CSS on their boxes:
 * transform and opacity run on the compositor, while an animation inside an SVG repaints it on the main thread every frame (a
 * Lighthouse trace counted ~250 ms of paint and ~400 ms of other work at 4× CPU for it, the page's biggest
 * cost before its scripts).
 */
const spin = keyframes`
  to { transform: rotate(360deg); }
`;
const pulse = keyframes`
  50% { transform: scale(1.15); opacity: 0.75; }
`;
const spinAndSwell = keyframes`
  50% { transform: rotate(180deg) scale(1.12); }
  to { transform: rotate(360deg); }
`;

/** Layers of a brand's icon, stacked, each with its own motion over one icon cycle. */
const BRAND_LAYERS: Record<Exclude<Brand, 'cupis'>, Array<{ icon: string; motion: ReturnType<typeof keyframes>; easing: string }>> = {
  zenit: [
    { icon: 'preloader/zenit-ring.svg', motion: spin, easing: 'linear' },
    { icon: 'preloader/zenit-bolt.svg', motion: pulse, easing: 'ease-in-out' },
  ],
  zenbet: [{ icon: 'preloader/zenbet.svg', motion: spinAndSwell, easing: 'ease-in-out' }],
};

/**
 * Each icon shows for one cycle step and hides for the rest of the round. Opacity, not visibility: the
 * compositor runs an opacity animation by itself, while a visibility one restyles the icons on the main
 * thread every frame the preloader is up (1× trace of cupis/ru/quiz without its script files: 124 such
 * restyles and 10 ms of the main thread's 63 in the first 1.5 s; with opacity 8 and 53 ms).
 */
const oneStep = keyframes`
  0% { opacity: 1; }
  ${100 / CUPIS_ICONS.length}%, 100% { opacity: 0; }
`;

const round = (PRELOADER_ICON_CYCLE_MS * CUPIS_ICONS.length) / 1000;
const step = PRELOADER_ICON_CYCLE_MS / 1000;

const Overlay = styled.div<{ $brand: Brand }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  background: ${color.background};
  animation: ${giveUp} 0.2s linear 8s forwards;

  > span {
    grid-area: 1 / 1;
    width: 96px;
    height: 96px;
  }
  ${({ $brand }) =>
    $brand === 'cupis'
      ? ''
      : BRAND_LAYERS[$brand].map(
          ({ motion, easing }, index) => css`
            [data-layer='${index}'] {
              animation: ${motion} ${step}s ${easing} infinite;
            }
          `,
        )}
  /* Spec 4, 9: the cupis icons take turns every 1.5 s, with no script (the page's code may still be on its way). */
  [data-icon] {
    animation: ${oneStep} ${round}s steps(1, end) infinite;
  }
  ${CUPIS_ICONS.map(
    (_icon, index) => css`
      [data-icon='${index}'] {
        animation-delay: ${index === 0 ? 0 : index * step - round}s;
      }
    `,
  )}
  @media (prefers-reduced-motion: reduce) {
    /*
     * The page-wide reduced-motion rule stops every animation, this one too, which would leave a page
     * whose script never ran behind the overlay: here it steps aside at once when due, without motion.
     */
    animation: ${giveUp} 0s linear 8s forwards !important;
    [data-layer] {
      animation: none;
    }
    [data-icon] {
      animation: none;
      visibility: hidden;
    }
    [data-icon='0'] {
      visibility: visible;
    }
  }
`;

/**
 * Spec 2, 4: the full-screen preloader of a first load. Static HTML: the first-screen script
 * (src/early/early.ts) removes it as soon as spec 2 allows, whether or not the page's code is there.
 */
export function Preloader({ brand, label }: { brand: Brand; label: string }) {
  return (
    <Overlay id={PRELOADER_ID} role="status" aria-label={label} $brand={brand} data-testid="preloader">
      {/* With scripts off nothing would lift it: it is not shown at all. */}
      <noscript>
        <style>{`#${PRELOADER_ID}{display:none}`}</style>
      </noscript>
      {brand === 'cupis'
        ? CUPIS_ICONS.map((icon, index) => <InlineIcon key={icon} path={icon} data-icon={index} />)
        : BRAND_LAYERS[brand].map(({ icon }, index) => <InlineIcon key={icon} path={icon} data-layer={index} />)}
    </Overlay>
  );
}
