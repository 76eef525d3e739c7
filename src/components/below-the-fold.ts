import { css } from 'styled-components';
import { BAND_DRAWN_ATTRIBUTE } from '../early/early-state';

/**
 * For a band that sits below a landing's first screen: the browser skips its style, layout and paint
 * (content-visibility) until the first-screen script draws it (src/early/draw-bands.ts), in idle
 * moments behind the preloader, so the first layout is the first screen's alone. Laid out with the
 * rest, the text of these bands and the fonts they ask for would make the first layout one task that a
 * phone's CPU turns into a long one. Until then the band keeps about its height on a phone (`height`).
 * Once drawn it stays drawn at its own height, so nothing on screen moves when the visitor reaches it.
 * Its content stays in the accessibility tree and in find-in-page, and a focus or an anchor inside it
 * draws it at once.
 */
export const belowTheFold = (height: number) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${height}px;
  &[${BAND_DRAWN_ATTRIBUTE}] {
    content-visibility: visible;
  }
`;
