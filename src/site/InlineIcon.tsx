import React from 'react';

/** static/icons/{preloader,logos,apps,social}, read by the build (src/site/icon-files.ts). */
declare const __PROMO_INLINE_ICONS__: Record<string, string> | undefined;

/**
 * An SVG icon written into the HTML rather than fetched as an image: the browser makes each SVG image a
 * document of its own (parsed, styled and laid out on the main thread, 1–6 ms each on this host, several
 * per landing at start-up), where markup in the page costs a few elements. Decorative: hidden from
 * assistive technology; the link or button around it carries the name.
 */
export function inlineIconMarkup(path: string): string {
  const icons = typeof __PROMO_INLINE_ICONS__ === 'undefined' ? undefined : __PROMO_INLINE_ICONS__;
  const markup = icons?.[path];
  if (markup === undefined) throw new Error(`icon "${path}" is not among the inline icons (static/icons/{preloader,logos,apps,social})`);
  return markup;
}

export function InlineIcon({
  path,
  ...attributes
}: { path: string } & React.HTMLAttributes<HTMLSpanElement> & Record<`data-${string}`, unknown>) {
  return <span aria-hidden="true" {...attributes} dangerouslySetInnerHTML={{ __html: inlineIconMarkup(path) }} />;
}
