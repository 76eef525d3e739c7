import styled, { css } from 'styled-components';

/** A link styled as a button: every call to action leads to a page, so it stays an <a>. */
export const ButtonLink = styled.a<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  padding: 12px 20px;
  border-radius: 8px;
  font-weight: 700;
  text-decoration: none;
  text-align: center;
  border: 2px solid ${({ theme }) => theme.accent};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? 'transparent' : theme.accent)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.text : theme.onAccent)};
`;

/** The outlined look of the page's <button>s (form steps, game starts); each place sets its own height. */
export const outlinedButton = css`
  border: 2px solid ${({ theme }) => theme.accent};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.text};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
`;
