import styled from 'styled-components';

/** First focusable element: keyboard users jump past the header straight to the offer. */
export const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: 8px;
  top: -100px;
  z-index: 1002;
  padding: 8px 12px;
  background: ${({ theme }) => theme.accent};
  color: ${({ theme }) => theme.onAccent};
  font-weight: 700;

  &:focus {
    top: 8px;
  }
`;
