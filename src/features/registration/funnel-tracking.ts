/**
 * What the funnel tells the tracking (the funnel codes, domain/tracking.ts): the visitor's turn to the
 * form, the first character, each choice, each field left filled in, and the steps useRegistration takes.
 * Only codes and the method leave here, never a value the visitor typed.
 */
import { useEffect, type RefObject } from 'react';
import { fieldChangeCode, fieldLeftCode, type FunnelEventCode } from '../../domain/tracking';
import type { FieldName } from '../../domain/registration';
import { trackFunnel } from '../../tracking/funnel-events';
import type { RegistrationState, Step } from './registration-steps';
import { REGISTRATION_ID } from '../../early/open-form';

/** A focus, a tap or a key in the form is the visitor's turn to it. */
const TURN_EVENTS = ['focusin', 'pointerdown', 'click', 'keydown'] as const;
const IN_FORM = `#${REGISTRATION_ID} form`;

const inForm = (target: EventTarget | null): boolean => target instanceof Element && target.closest(IN_FORM) !== null;

/** The visitor took a step of the funnel; `state` is the form as they saw it. */
export function funnelStep(code: FunnelEventCode, state: RegistrationState): void {
  trackFunnel(code, state.method);
}

/** The visitor changed a field (typed, pasted, chose). */
export function fieldChanged(field: FieldName, value: string, state: RegistrationState): void {
  const code = fieldChangeCode(field, value);
  if (code) trackFunnel(code, state.method);
}

/** The visitor left a field: an event only when it holds what they entered. */
export function fieldLeft(field: FieldName, state: RegistrationState): void {
  const code = fieldLeftCode(field, state.touched.includes(field) && state.values[field].trim() !== '');
  if (code) trackFunnel(code, state.method);
}

/** The turn to the form, and the registration done; `current` is the state the visitor last saw. */
export function useFunnelTracking(current: RefObject<RegistrationState>, step: Step): void {
  useEffect(() => {
    const state = current.current;
    // The focus, or the typing, that woke the form came before this code: counted as it comes alive.
    // A promo code is left out: the page itself puts the visitor's own in the built field.
    if (inForm(document.activeElement) || state.touched.length > 0) funnelStep('reg_start', state);
    for (const field of state.touched) if (field !== 'promoCode') fieldChanged(field, state.values[field], state);
    const onTurn = (event: Event) => {
      if (!inForm(event.target)) return;
      funnelStep('reg_start', current.current);
      stop();
    };
    const stop = () => TURN_EVENTS.forEach((type) => document.removeEventListener(type, onTurn, true));
    TURN_EVENTS.forEach((type) => document.addEventListener(type, onTurn, true));
    return stop;
  }, [current]);

  useEffect(() => {
    if (step === 'done') funnelStep('registration_done', current.current);
  }, [step, current]);
}
