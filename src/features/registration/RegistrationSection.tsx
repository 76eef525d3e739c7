import React, { Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import { ButtonLink } from '../../components/Button';
import { whenIdle } from '../../site/idle';
import { lazyPart, PartBoundary } from '../../site/lazy-part';
import { useAccount } from '../account/AccountProvider';
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

/** Spec 4: the form loads on idle or at the first touch, never with the page's first JavaScript. */
export function RegistrationSection({
  title,
  registrationHref,
  goToSite,
  ...form
}: RegistrationFormProps & { title: string; registrationHref: string; goToSite: { href: string; label: string } }) {
  const { loggedIn } = useAccount();
  const [load, setLoad] = useState(false);
  useEffect(() => whenIdle(() => setLoad(true)), []);
  // Until the form is here, and wherever its code fails, the main site's own registration still works.
  const mainSiteRegistration = <ButtonLink href={registrationHref}>{form.t('reg.submit')}</ButtonLink>;
  return (
    <Section id={REGISTRATION_ID} aria-labelledby="registration-title" onPointerEnter={() => setLoad(true)} onFocus={() => setLoad(true)}>
      <h2 id="registration-title">{title}</h2>
      {loggedIn ? (
        <ButtonLink href={goToSite.href}>{goToSite.label}</ButtonLink>
      ) : (
        <FormArea $room={form.askBirthdate ? FORM_ROOM.withBirthdate : FORM_ROOM.withoutBirthdate}>
          {load ? (
            <PartBoundary fallback={mainSiteRegistration}>
              <Suspense fallback={mainSiteRegistration}>
                <RegistrationForm {...form} />
              </Suspense>
            </PartBoundary>
          ) : (
            mainSiteRegistration
          )}
        </FormArea>
      )}
    </Section>
  );
}
