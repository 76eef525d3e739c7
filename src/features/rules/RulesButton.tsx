import React from 'react';
import { LinkButton } from '../../components/LinkButton';

/**
 * The rules link of the footer, static HTML: a click anywhere on the page's `[data-open-rules]` opens the
 * dialog (open-rules.tsx), whose code and sanitiser load only when a visitor asks for the rules.
 */
export function RulesButton({ label }: { label: string }) {
  return (
    <LinkButton type="button" aria-haspopup="dialog" data-open-rules="">
      {label}
    </LinkButton>
  );
}
