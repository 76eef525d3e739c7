import React from 'react';
import { classList } from './class-list';
import { color } from '../styles/themes';

const CLASS = 'button-link';

/**
 * A link styled as a button: every call to action leads to a page, so it stays an <a>. Plain markup with
 * a class, not a styled component: the registration section renders it in the browser's first load,
 * which carries no styling library. Its rules come before every styled rule (base-rules.ts),
 * so a styled(ButtonLink) extension overrides them by order.
 */
export function ButtonLink({
  variant = 'primary',
  className,
  children,
  ...link
}: React.ComponentPropsWithRef<'a'> & { variant?: 'primary' | 'secondary' }) {
  const classes = classList(CLASS, variant === 'secondary' && `${CLASS}--secondary`, className);
  return (
    <a {...link} className={classes}>
      {children}
    </a>
  );
}

export const BUTTON_LINK_RULES = `
.${CLASS} {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  padding: 0.75rem 1.25rem;
  border-radius: 8px;
  font-weight: 700;
  text-decoration: none;
  text-align: center;
  border: 2px solid ${color.accent};
  background: ${color.accent};
  color: ${color.onAccent};
}
.${CLASS}--secondary {
  background: transparent;
  color: ${color.text};
}
`;
