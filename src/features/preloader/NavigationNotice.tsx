import React from 'react';
import styled from 'styled-components';
import { color } from '../../styles/themes';
import { NAVIGATION_NOTICE_ID } from './navigation-notice';

const Notice = styled.p`
  position: fixed;
  inset-inline: 0;
  top: 0;
  z-index: 1001;
  margin: 0;
  padding: 10px 16px;
  text-align: center;
  background: ${color.accent};
  color: ${color.onAccent};
  font-weight: 700;
`;

/**
 * Shown by gatsby-browser's onRouteUpdateDelayed, which Gatsby calls when a navigation takes longer
 * than 1 s (spec 4, 9), and hidden again when the new page is there.
 */
export function NavigationNotice({ text }: { text: string }) {
  return (
    <Notice id={NAVIGATION_NOTICE_ID} role="status" hidden>
      {text}
    </Notice>
  );
}
