import React from 'react';
import { classList } from './class-list';
import { TYPE } from '../styles/type';

const CLASS = 'page-section';

/**
 * A band of the landing below the offer: one column, readable width, its heading sized alike everywhere;
 * `narrow` for a form's width. It comes alive as it scrolls in (data-reveal, src/features/reveal). Plain
 * markup with a class, as ButtonLink and for the same reason: the registration section and the odds
 * section render it in the browser's first load.
 */
export function PageSection({ narrow = false, className, ...section }: React.ComponentPropsWithRef<'section'> & { narrow?: boolean }) {
  const classes = classList(CLASS, narrow && `${CLASS}--narrow`, className);
  return <section data-reveal="" {...section} className={classes} />;
}

export const PAGE_SECTION_RULES = `
.${CLASS} {
  max-width: 960px;
  margin: 0 auto;
  padding: 0.5rem 1rem 2rem;
}
.${CLASS} h2 {
  margin: 0 0 0.75rem;
  font-size: ${TYPE.heading};
}
.${CLASS}--narrow {
  max-width: 560px;
}
.${CLASS}--narrow h2 {
  margin-bottom: 1rem;
}
`;
