import React from 'react';
import { ButtonLink } from '../../components/Button';
import type { Translate } from '../../site/texts';

/** The last step: the account is made, and the visitor goes on to the main site. */
export function DoneStep({ t, email, continueHref }: { t: Translate; email: string | null; continueHref: string }) {
  return (
    <div role="status">
      <h3>{t('reg.doneTitle')}</h3>
      <p>{email ? t('reg.doneEmail', { email }) : t('reg.done')}</p>
      <ButtonLink href={continueHref}>{t('reg.continue')}</ButtonLink>
    </div>
  );
}
