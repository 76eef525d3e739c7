import styled from 'styled-components';

/** A one-colour SVG drawn in the text colour: the file is used as a mask, so it follows the theme. */
export const MaskIcon = styled.span<{ $src: string; $size?: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size = 24 }) => $size}px;
  height: ${({ $size = 24 }) => $size}px;
  background-color: currentColor;
  mask: url(${({ $src }) => $src}) center / contain no-repeat;
  -webkit-mask: url(${({ $src }) => $src}) center / contain no-repeat;
`;
