import React from 'react';
import styled, { keyframes } from 'styled-components';
import { PRELOADER_ID, PRELOADER_STEP, PRELOADER_STEP_MS, PRELOADER_STEPS } from '../../early/early-state';
import type { Brand } from '../../domain/links';
import { InlineIcon } from '../../components/InlineIcon';
import { color } from '../../styles/themes';
import { poseRules, preloaderMotion } from './motion';

/** If the page's script never runs, the static overlay still steps aside after a few seconds. */
const giveUp = keyframes`
  to { opacity: 0; visibility: hidden; }
`;

/*
 * The brand icons are SVG written into the page (components/InlineIcon.tsx), posed by CSS on their boxes: a
 * change inside an SVG would repaint all of it. The first-screen script moves them from pose to pose
 * (motion.ts says why not a CSS animation); under prefers-reduced-motion it leaves them at rest.
 */
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
  ${({ $brand }) => poseRules(preloaderMotion($brand))}
  @media (prefers-reduced-motion: reduce) {
    /*
     * The page-wide reduced-motion rule stops every animation, this one too, which would leave a page
     * whose script never ran behind the overlay: here it steps aside at once when due, without motion.
     */
    animation: ${giveUp} 0s linear 8s forwards !important;
  }
`;

/**
 * Spec 2, 4: the full-screen preloader of a first load. Static HTML: the first-screen script
 * (src/early/early.ts) moves its icons and removes it as soon as spec 2 allows, whether or not the
 * page's code is there.
 */
export function Preloader({ brand, label }: { brand: Brand; label: string }) {
  const motion = preloaderMotion(brand);
  const steps = { [PRELOADER_STEP]: 0, [PRELOADER_STEPS]: motion.poses.length, [PRELOADER_STEP_MS]: motion.stepMs };
  return (
    <>
      {/*
       * With scripts off nothing would lift it: it is not shown at all. The rule stands before the
       * overlay, not in it: a style in the body may only style its parent and what comes after it.
       */}
      <noscript>
        <style>{`#${PRELOADER_ID}{display:none}`}</style>
      </noscript>
      <Overlay id={PRELOADER_ID} role="status" aria-label={label} $brand={brand} data-testid="preloader" {...steps}>
        {motion.icons.map((icon, index) => (
          <InlineIcon key={icon} path={icon} data-layer={index} />
        ))}
      </Overlay>
    </>
  );
}
