import { css } from 'styled-components';
import { color } from '../styles/themes';

/** The outlined look of the page's <button>s (form steps, game starts); each place sets its own height. */
export const outlinedButton = css`
  border: 2px solid ${color.accent};
  border-radius: 8px;
  background: transparent;
  color: ${color.text};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
`;
