import React, { Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import { ButtonLink } from '../../components/Button';
import { whenIdle } from '../../site/idle';
import { lazyPart, PartBoundary } from '../../site/lazy-part';
import { useAccount, type AccountState } from '../account/AccountProvider';
import { useCountries, type CountriesState } from '../countries/CountriesProvider';
import type { RegistrationFormProps } from './RegistrationForm';

const RegistrationForm = lazyPart(() => import('./RegistrationForm'));

export const REGISTRATION_ID = 'registration';

/**
 * The form arrives after first paint; its room is kept from the start so nothing below it moves
 * (measured: 670–780 px without the birth date, 780–850 px with it, across languages and widths).
 */
const FORM_ROOM = { withBirthdate: 860, withoutBirthdate: 790 };

const FormArea = styled.div<{ $room: number }>`
  min-height: ${({ $room }) => $room}px;
`;

const Section = styled(PageSection)`
  max-width: 560px;

  h2 {
    margin-bottom: 16px;
  }
`;

/**
 * The form needs the country list and the currencies of the account data (both required fields):
 * when either call has failed (spec 8: the page goes on without it), the form could never be sent,
 * so the visitor gets the main site's own registration instead of a dead end.
 */
export function formCannotWork(countries: CountriesState, account: AccountState): boolean {
  if (countries.status === 'failed' || account.status === 'failed') return true;
  return account.status === 'ready' && (account.account?.currencies || []).length === 0;
}

/** Spec 4: the form loads on idle or at the first touch, never with the page's first JavaScript. */
export function RegistrationSection({
  title,
  registrationHref,
  goToSite,
  ...form
}: RegistrationFormProps & { title: string; registrationHref: string; goToSite: { href: string; label: string } }) {
  const account = useAccount();
  const { loggedIn } = account;
  const fallback = formCannotWork(useCountries(), account);
  const [load, setLoad] = useState(false);
  // Once the form is on screen it stays (the visitor may have typed); a call that fails late adds the link.
  const [formShown, setFormShown] = useState(false);
  useEffect(() => whenIdle(() => setLoad(true)), []);
  useEffect(() => {
    if (load && !fallback) setFormShown(true);
  }, [load, fallback]);
  const showForm = load && (!fallback || formShown);
  const mainSiteRegistration = <ButtonLink href={registrationHref}>{form.t('reg.submit')}</ButtonLink>;
  return (
    <Section id={REGISTRATION_ID} aria-labelledby="registration-title" onPointerEnter={() => setLoad(true)} onFocus={() => setLoad(true)}>
      <h2 id="registration-title">{title}</h2>
      {loggedIn ? (
        <ButtonLink href={goToSite.href}>{goToSite.label}</ButtonLink>
      ) : (
        // The room is for the form: when the main site's link stands in for it for good, no gap is left.
        <FormArea $room={fallback && !showForm ? 0 : form.askBirthdate ? FORM_ROOM.withBirthdate : FORM_ROOM.withoutBirthdate}>
          {showForm ? (
            <>
              {fallback && mainSiteRegistration}
              <PartBoundary fallback={fallback ? null : mainSiteRegistration}>
                <Suspense fallback={fallback ? null : mainSiteRegistration}>
                  <RegistrationForm {...form} />
                </Suspense>
              </PartBoundary>
            </>
          ) : (
            // Until the form is here, wherever scripts fail, and when a call the form needs has failed,
            // the main site's own registration still works.
            mainSiteRegistration
          )}
        </FormArea>
      )}
    </Section>
  );
}
