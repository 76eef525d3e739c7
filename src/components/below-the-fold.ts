import { css } from 'styled-components';

/**
 * For a band that sits below a landing's first screen: the browser skips its style, layout and paint
 * until it nears the screen (content-visibility), so the first layout is the first screen's alone.
 * Laid out with the rest, the text of these bands and the fonts they ask for would make the first
 * layout one task that a phone's CPU turns into a long one. The band keeps its place in
 * the page meanwhile at about its height on a phone (`height`); once drawn, the browser remembers its
 * real height (`auto`), so nothing on screen moves when it comes or goes. Its content stays in the
 * accessibility tree and in find-in-page, and a focus or an anchor inside it draws it at once.
 */
export const belowTheFold = (height: number) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${height}px;
`;
