import styled from 'styled-components';
import { color } from '../styles/themes';

/**
 * A button dressed as the links beside it in the footer: it opens something in the page (the rules,
 * the consent choice) rather than going to another address, so it is a button to assistive technology.
 */
export const LinkButton = styled.button`
  padding: 0.625rem 0;
  border: 0;
  background: none;
  color: ${color.link};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
