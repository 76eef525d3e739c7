import React, { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';
import { CAPTCHA_ACTION, captchaSiteKey, isDevelopmentHost, LOCAL_DEVELOPMENT_TOKEN } from '../../domain/captcha';

/** Site keys come from the build's environment, never from source (docs/landings.md, "Registration, captcha, account"). */
const KEYS = {
  production: process.env.GATSBY_RECAPTCHA_SITE_KEY,
  development: process.env.GATSBY_RECAPTCHA_SITE_KEY_DEV,
};

/** How long a visitor waits for Google's script before the form says the check failed. */
const CAPTCHA_WAIT_MS = 10_000;

type Execute = (action: string) => Promise<string>;

/** Hands the provider's execute up to the form, which the provider does not wrap (see useCaptcha). */
function Bridge({ onReady }: { onReady: (execute: Execute | null) => void }) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  useEffect(() => onReady(executeRecaptcha ?? null), [executeRecaptcha, onReady]);
  return null;
}

export interface Captcha {
  /** Rendered anywhere in the form: the provider and its script, once wanted. */
  element: ReactNode;
  /** A fresh captcha v3 token for the registration action, or null when none could be had. */
  token: () => Promise<string | null>;
}

/**
 * Captcha v3 (spec 9), its script loaded only once `wanted` (the visitor turns to the form) and not with
 * the form's HTML. The provider sits beside the form's fields, not around them, so
 * adding it later never remounts what the visitor is typing into.
 */
export function useCaptcha(wanted: boolean, language: string): Captcha {
  const execute = useRef<Execute | null>(null);
  const onReady = useCallback((ready: Execute | null) => {
    execute.current = ready;
  }, []);
  const key = wanted ? captchaSiteKey(window.location.hostname, KEYS) : null;
  const element = key ? (
    <GoogleReCaptchaProvider reCaptchaKey={key} language={language} scriptProps={{ async: true, defer: true, appendTo: 'body' }}>
      <Bridge onReady={onReady} />
    </GoogleReCaptchaProvider>
  ) : null;
  const token = useCallback(async () => {
    if (!captchaSiteKey(window.location.hostname, KEYS)) {
      if (isDevelopmentHost(window.location.hostname)) return LOCAL_DEVELOPMENT_TOKEN;
      console.error('[promo] no captcha site key is configured for this host');
      return null;
    }
    if (!execute.current) return waitForScript();
    try {
      return await execute.current(CAPTCHA_ACTION);
    } catch (error) {
      console.warn('[promo] captcha failed', error);
      return null;
    }
  }, []);
  return { element, token };
}

/** The script is still loading (a slow phone): wait for it a while rather than fail at once. */
async function waitForScript(): Promise<string | null> {
  const grecaptcha = () =>
    (window as unknown as { grecaptcha?: { ready: (cb: () => void) => void; execute: (key: string, o: object) => Promise<string> } })
      .grecaptcha;
  const started = Date.now();
  while (Date.now() - started < CAPTCHA_WAIT_MS) {
    const api = grecaptcha();
    const key = captchaSiteKey(window.location.hostname, KEYS);
    if (api?.execute && key) {
      return new Promise((resolve) => api.ready(() => api.execute(key, { action: CAPTCHA_ACTION }).then(resolve, () => resolve(null))));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}
