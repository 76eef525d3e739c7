import React, { useEffect } from 'react';
import { ButtonLink } from '../../components/Button';
import { PageSection } from '../../components/PageSection';
import { siteLinkAttributes, type SiteLink } from '../../components/site-link';
import { whenIdle } from '../../runtime/idle';
import { island } from '../../runtime/island';
import { useVisitor } from '../../site/visitor';
import { useAccount } from '../../site/AccountProvider';
import { useCountries } from './CountriesProvider';
import { showVisitorCode } from './built-form';
import { REGISTRATION_ID } from '../../early/open-form';
import { openSession } from './open-session';
import type { RegistrationFormProps } from './RegistrationForm';

export { REGISTRATION_ID };

/**
 * The form is in the built HTML; its logic is an island of its own (runtime/island.tsx), fetched as the
 * form nears the screen and brought alive as the visitor turns to it (a pointer over it, a touch, a
 * focus, a submit: runtime/intent.ts). What a visitor types, pastes or autofills before then is kept
 * (typed-before-code.ts), and a submit before then is held and sent by the form once alive
 * (early/held-submit.ts). The file is fetched by the island's own import, not webpack's prefetch hint:
 * the hint broke Gatsby's full reload after a page chunk failed to load (loader.once.spec.ts).
 */
const FormIsland = island<RegistrationFormProps>(
  'registration',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack drops from the browser bundle at build
  process.env.BUILD_STAGE === 'build-javascript' ? null : require('./RegistrationForm').default,
  () => import('./RegistrationForm'),
);

type FormProps = Omit<RegistrationFormProps, 'countries' | 'account' | 'visitorPromoCode'>;

/**
 * Spec 4: registration by phone or e-mail in the page. A logged-in visitor is shown the way to the site
 * instead: both are in the HTML and the login state picks one (data-audience, GlobalStyle), so a
 * returning visitor sees the right one from the first paint.
 */
export function RegistrationSection({ title, goToSite, ...form }: FormProps & { title: string; goToSite: SiteLink }) {
  const countries = useCountries();
  const account = useAccount();
  const { promoCode } = useVisitor();
  useEffect(() => showVisitorCode(document, promoCode), [promoCode]);
  useEffect(() => whenIdle(openSession), []);
  return (
    <PageSection narrow id={REGISTRATION_ID} aria-labelledby="registration-title">
      <h2 id="registration-title">{title}</h2>
      <div data-audience="logged-in">
        <ButtonLink {...siteLinkAttributes({ ...goToSite, audience: undefined })}>{goToSite.label}</ButtonLink>
      </div>
      <div data-audience="anonymous">
        <FormIsland props={{ ...form, countries, account, visitorPromoCode: promoCode }} />
      </div>
    </PageSection>
  );
}
