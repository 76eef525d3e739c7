import React from 'react';
import styled from 'styled-components';
import { color } from '../../styles/themes';

const Button = styled.button`
  padding: 0.625rem 0;
  border: 0;
  background: none;
  color: ${color.link};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * The rules link of the footer, static HTML: a click anywhere on the page's `[data-open-rules]` opens the
 * dialog (open-rules.tsx), whose code and sanitiser load only when a visitor asks for the rules.
 */
export function RulesButton({ label }: { label: string }) {
  return (
    <Button type="button" aria-haspopup="dialog" data-open-rules="">
      {label}
    </Button>
  );
}
