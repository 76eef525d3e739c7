import styled from 'styled-components';
import { color } from '../styles/themes';

/** First focusable element: keyboard users jump past the header straight to the offer. */
export const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: 8px;
  /* Above the page whatever its height, which grows with large text. */
  bottom: 100%;
  z-index: 1002;
  padding: 8px 12px;
  background: ${color.accent};
  color: ${color.onAccent};
  font-weight: 700;

  &:focus {
    top: 8px;
    bottom: auto;
  }
`;
