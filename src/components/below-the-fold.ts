import { css } from 'styled-components';

/**
 * For a band that sits below a landing's first screen: the browser skips its style, layout and paint
 * until it nears the screen (content-visibility), so the first layout is the first screen's alone.
 * That layout was one task of 25–46 ms at 1× CPU on a landing, most of it the text of these bands and
 * the fonts they ask for, and a phone's CPU makes such a task a long one. The band keeps its place in
 * the page meanwhile at about its height on a phone (`height`); once drawn, the browser remembers its
 * real height (`auto`), so nothing on screen moves when it comes or goes. Its content stays in the
 * accessibility tree and in find-in-page, and a focus or an anchor inside it draws it at once.
 */
export const belowTheFold = (height: number) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${height}px;
`;
