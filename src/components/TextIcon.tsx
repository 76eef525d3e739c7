import styled from 'styled-components';
import { InlineIcon } from './InlineIcon';

/** A one-colour icon in the text colour (its SVG fills with currentColor), written into the page. */
export const TextIcon = styled(InlineIcon)<{ $size?: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size = 24 }) => $size}px;
  height: ${({ $size = 24 }) => $size}px;
`;
