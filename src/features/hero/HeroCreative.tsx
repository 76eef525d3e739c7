import React from 'react';
import styled from 'styled-components';
import { Picture } from '../../components/Picture';
import { LIFTED_ATTRIBUTE } from '../../early/early-state';
import type { HeroPicture } from '../../domain/page-context';
import { color } from '../../styles/themes';

const Band = styled.div`
  max-width: 960px;
  margin: 1rem auto 0;
  padding: 0 1rem;
`;

/**
 * The frame's background is the placeholder (the pipeline's tiny blurred picture over the brand's
 * surface colour), seen until the picture paints over it. Where the picture is still on its way when
 * the page has been read, hero-fade.ts lays the same placeholder over it and lifts it as the picture
 * arrives, fading out in 500 ms (spec 9); the picture itself is never hidden.
 */
const Frame = styled.div`
  position: relative;
  overflow: hidden;
  border-radius: 16px;
  background: ${color.surface} center / cover no-repeat;

  img {
    display: block;
    width: 100%;
    height: auto;
  }
  /*
   * Wide screens, and short ones (a 360×640 phone), show the middle 3:1 band of the 2:1 picture, so the
   * offer's call to action stays on the first screen.
   */
  @media (min-width: 768px), (max-height: 720px) {
    img {
      aspect-ratio: 3 / 1;
      object-fit: cover;
    }
  }
  &[data-mirrored] {
    transform: scaleX(-1);
  }
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: inherit;
    opacity: 0;
    pointer-events: none;
    transition: opacity 500ms linear;
  }
  &[data-hero-waiting]::after {
    opacity: 1;
    transition: none;
  }
  /* A picture that arrives behind the preloader shows at once: no one would see it fade, and each frame of a fade costs CPU the start-up needs. */
  html:not([${LIFTED_ATTRIBUTE}]) &::after {
    transition: none;
  }
`;

/**
 * The landing's hero creative (docs/landings.md, "Hero creatives"): a plain <picture> of the build's AVIF, WebP
 * and JPEG files, server HTML only. It is likely the page's largest paint, so it is fetched first.
 * Decorative (the offer's title follows it), hence the empty alt.
 */
export function HeroCreative({ picture }: { picture: HeroPicture }) {
  return (
    <Band>
      <Frame
        data-hero=""
        data-mirrored={picture.mirrored ? '' : undefined}
        style={picture.placeholder ? { backgroundImage: `url("${picture.placeholder}")` } : undefined}
      >
        <Picture picture={picture} alt="" fetchPriority="high" />
      </Frame>
    </Band>
  );
}
