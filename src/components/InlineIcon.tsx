import React from 'react';
import styled from 'styled-components';

/** static/icons/{preloader,logos,apps,social}, read by the build (gatsby/images/icon-files.ts). */
declare const __PROMO_INLINE_ICONS__: Record<string, string> | undefined;

export function inlineIconMarkup(path: string): string {
  const icons = typeof __PROMO_INLINE_ICONS__ === 'undefined' ? undefined : __PROMO_INLINE_ICONS__;
  const markup = icons?.[path];
  if (markup === undefined) throw new Error(`icon "${path}" is not among the inline icons (static/icons/{preloader,logos,apps,social})`);
  return markup;
}

/**
 * The icon fills the box its user sizes. Written into the page, the SVG would inherit the page's
 * direction, and on a right-to-left page its text (the logos' words) would be anchored at the far end
 * and drawn outside the box; as an image it was a document of its own, left to right, as it is drawn.
 */
const Box = styled.span`
  svg {
    display: block;
    width: 100%;
    height: 100%;
    direction: ltr;
  }
`;

type InlineIconProps = { path: string; className?: string; label?: string } & Record<`data-${string}`, unknown>;

/**
 * An SVG icon written into the HTML rather than fetched as an image: the browser makes each SVG image a
 * document of its own (parsed, styled and laid out on the main thread, several per landing at start-up),
 * where markup in the page costs a few elements. With a label it is an image
 * of that name; without, decorative and hidden from assistive technology (what holds it carries the name).
 */
export function InlineIcon({ path, label, ...attributes }: InlineIconProps) {
  const role = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <Box {...role} {...attributes} dangerouslySetInnerHTML={{ __html: inlineIconMarkup(path) }} />;
}
