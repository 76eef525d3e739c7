import React, { useEffect, useRef, useState } from 'react';
import type { RegistrationValues } from '../../domain/registration';
import type { RegistrationDefaults } from '../../domain/page-context';
import type { Brand } from '../../domain/links';
import type { Translate } from '../../site/texts';
import type { AccountState } from '../../site/AccountProvider';
import type { CountriesState } from './CountriesProvider';
import { useCaptcha } from './captcha';
import { openSession } from './open-session';
import { useRegistration } from './useRegistration';
import { typedBeforeCode, useVisitedFields } from './typed-before-code';
import { useOfferedLists } from './offered-lists';
import { DoneStep } from './DoneStep';
import { FormStep } from './FormStep';
import { SmsStep } from './SmsStep';

export interface RegistrationFormProps {
  brand: Brand;
  /** The page language as in its path ("kz"): picks the file of country and currency names. */
  language: string;
  /** The captcha's language (BCP 47). */
  captchaLanguage: string;
  /** The page country's currency code, preselected when the account offers it. */
  currencyCode: string;
  /** The page's region (upper-case ISO code), whose country is preselected. */
  region: string;
  /** Countries and currency to offer when the main site's answers give none. */
  defaults: RegistrationDefaults;
  askBirthdate: boolean;
  /** The promo code the visitor brought, else the landing's. */
  promoCode: string;
  t: Translate;
  /** Main-site home, where a registered visitor goes on. */
  continueHref: string;
  /** The main site's registration, where the built form sends a visitor before its code is there. */
  registrationHref: string;
  /** The page's data, handed in by the page: the form is an island of its own (runtime/island.tsx). */
  countries: CountriesState;
  account: AccountState;
  /** The code the visitor brought (spec 4), once the page has read it; it replaces the landing's code. */
  visitorPromoCode: string | null;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The registration calls' transport (axios, main-site/ajax.ts), fetched as the visitor turns to the form
 * rather than with every visit, so the first submit does not wait for it. A file that does not come is
 * loaded again by the call itself.
 */
function loadCallTransport(): void {
  import(/* webpackChunkName: "main-site-ajax" */ '../../main-site/ajax').catch(() => undefined);
}

/**
 * The whole registration, each step in its turn: its HTML is in the built page, its code a chunk of its
 * own (RegistrationSection.tsx). The state lives here, above the steps, so going back from the code step
 * finds the form as it was left.
 */
export default function RegistrationForm(props: RegistrationFormProps) {
  const { t, defaults, region } = props;
  const promoCode = props.visitorPromoCode ?? props.promoCode;
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const captcha = useCaptcha(captchaWanted, props.captchaLanguage);
  const captchaToken = () => {
    setCaptchaWanted(true);
    return captcha.token();
  };
  const registration = useRegistration({ brand: props.brand, captchaToken, today: todayIso, now: Date.now }, props.askBirthdate, () => {
    // What the build put in the form, then what the visitor typed over it before this code came.
    const typed = typedBeforeCode();
    const pageCountry = defaults.countries.find((country) => country.code === region);
    const built: Partial<RegistrationValues> = {
      country: pageCountry ? String(pageCountry.countryId) : '',
      currency: String(defaults.currency.id),
      phone: pageCountry?.phoneCode ?? '',
      promoCode: props.promoCode,
    };
    return { values: { ...built, ...typed.values }, touched: typed.touched };
  });
  const { state } = registration;
  const visited = useVisitedFields(state.values, registration.change);
  const lists = useOfferedLists(props);
  const { pageCountry, pageCurrency, phoneCode } = lists;

  // Google's script (a large one, with a frame of its own) loads when the visitor turns to the form:
  // a focus in it, a call to sign up (which focuses its first field), or a submit. A visitor who only
  // looks never pays for it; one who registers gives it the whole form's filling to observe.
  // What the submit needs comes now too. The focus that woke the form (runtime/intent.ts) came before
  // this code, so a focus found in the form when it comes alive counts as one.
  const turnToForm = () => {
    setCaptchaWanted(true);
    openSession();
    loadCallTransport();
  };
  const formElement = useRef<HTMLFormElement>(null);
  // Once, as the form comes alive.
  useEffect(() => {
    if (formElement.current?.contains(document.activeElement)) turnToForm();
  }, []);

  // A choice the current lists no longer hold (the main site's list replaced the build's) is made again.
  const countryValues = lists.countries.map((country) => String(country.countryId));
  const currencyValues = lists.currencies.map((currency) => String(currency.id));
  useEffect(() => {
    const values: Partial<RegistrationValues> = {
      country: pageCountry ? String(pageCountry.countryId) : '',
      phone: phoneCode,
      currency: pageCurrency ? String(pageCurrency.id) : '',
      promoCode,
    };
    for (const field of visited.fields.current) delete values[field];
    registration.prefill(values, { country: countryValues, currency: currencyValues });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the option lists are compared by their values
  }, [pageCountry?.countryId, phoneCode, pageCurrency?.id, promoCode, countryValues.join(), currencyValues.join()]);

  if (state.step === 'done') return <DoneStep t={t} email={state.doneEmail} continueHref={props.continueHref} />;
  if (state.step === 'sms') return <SmsStep t={t} registration={registration} />;
  return (
    <FormStep
      t={t}
      registration={registration}
      lists={lists}
      registrationHref={props.registrationHref}
      captcha={captcha.element}
      formRef={formElement}
      onTurn={turnToForm}
      onFieldFocus={visited.focused}
    />
  );
}
