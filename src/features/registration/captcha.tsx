import React, { useCallback, useContext } from 'react';
import { GoogleReCaptchaContext, GoogleReCaptchaProvider } from 'react-google-recaptcha-v3';
import { CAPTCHA_ACTION, captchaSiteKey, isDevelopmentHost, LOCAL_DEVELOPMENT_TOKEN } from '../../domain/captcha';

/** Site keys come from the build's environment, never from source (README "Captcha"). */
const KEYS = {
  production: process.env.GATSBY_RECAPTCHA_SITE_KEY,
  development: process.env.GATSBY_RECAPTCHA_SITE_KEY_DEV,
};

/** How long a visitor waits for Google's script before the form says the check failed. */
const CAPTCHA_WAIT_MS = 10_000;

export function CaptchaProvider({ language, children }: { language: string; children: React.ReactNode }) {
  const key = captchaSiteKey(window.location.hostname, KEYS);
  if (!key) return <>{children}</>;
  return (
    <GoogleReCaptchaProvider reCaptchaKey={key} language={language} scriptProps={{ async: true, defer: true, appendTo: 'body' }}>
      {children}
    </GoogleReCaptchaProvider>
  );
}

/** A fresh captcha v3 token for the registration action, or null when none could be had. */
export function useCaptchaToken(): () => Promise<string | null> {
  const { executeRecaptcha } = useContext(GoogleReCaptchaContext);
  return useCallback(async () => {
    if (!captchaSiteKey(window.location.hostname, KEYS)) {
      if (isDevelopmentHost(window.location.hostname)) return LOCAL_DEVELOPMENT_TOKEN;
      console.error('[promo] no captcha site key is configured for this host');
      return null;
    }
    if (!executeRecaptcha) return waitForScript();
    try {
      return await executeRecaptcha(CAPTCHA_ACTION);
    } catch (error) {
      console.warn('[promo] captcha failed', error);
      return null;
    }
  }, [executeRecaptcha]);
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
