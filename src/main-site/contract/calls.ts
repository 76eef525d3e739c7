/** What the page sends to the main site: every call's method, path, encoding and fields (spec 7). */
export type Encoding = 'none' | 'query' | 'multipart' | 'form';

export interface CallSpec {
  method: 'GET' | 'POST';
  path: string;
  encoding: Encoding;
  /** The fields the page sends (spec 7), in the encoding named. */
  sends: readonly string[];
}

/** check_phone and register_v2 send the same fields (spec 7); register_email the same without phone and birthdate. */
const REGISTRATION_FIELDS = [
  'phone',
  'country_id',
  'currency',
  'password',
  'promo_code',
  'birthdate',
  'email',
  'recaptcha',
  'captcha_state',
  'recaptcha_version',
  'recaptcha_action',
] as const;

/** Every main-site call the landings make (spec 7); `register_new` has no caller on the landings. */
export const CALLS = {
  countries: { method: 'GET', path: '/ajax/data/country', encoding: 'query', sends: ['lang_id'] },
  account: { method: 'GET', path: '/ajax/account/data', encoding: 'none', sends: [] },
  locale: { method: 'GET', path: '/ajax/locale/data', encoding: 'query', sends: ['type', 'need_lang'] },
  promoCheck: { method: 'POST', path: '/ajax/account/promo/check', encoding: 'multipart', sends: ['promo_code', 'brand'] },
  checkPhone: { method: 'POST', path: '/ajax/registration/check_phone', encoding: 'multipart', sends: REGISTRATION_FIELDS },
  registerPhone: { method: 'POST', path: '/ajax/registration/register_v2', encoding: 'multipart', sends: REGISTRATION_FIELDS },
  registerEmail: {
    method: 'POST',
    path: '/ajax/registration/register_email',
    encoding: 'multipart',
    sends: REGISTRATION_FIELDS.filter((name) => name !== 'phone' && name !== 'birthdate'),
  },
  registerNew: { method: 'POST', path: '/ajax/registration/register_new', encoding: 'multipart', sends: [] },
  smsSend: { method: 'POST', path: '/ajax/account/sms/send', encoding: 'none', sends: [] },
  smsCheck: { method: 'POST', path: '/ajax/account/sms/check', encoding: 'multipart', sends: ['code'] },
  session: { method: 'GET', path: '/session.php', encoding: 'none', sends: [] },
  rules: { method: 'POST', path: '/ajax/html/get', encoding: 'form', sends: ['id[0]', 'data[promo_id]', 'constant', 'lang'] },
  gameDemo: { method: 'POST', path: '/ajax/casino/init_demo', encoding: 'form', sends: ['uid', 'is_live', 'home_url'] },
  gameReal: { method: 'POST', path: '/ajax/casino/init_game', encoding: 'form', sends: ['uid', 'is_live', 'home_url'] },
  tracking: { method: 'POST', path: '/ajax/kafka/log', encoding: 'form', sends: ['topic', 'action', 'additional_data'] },
  imprint: { method: 'POST', path: '/ajax/cookie/imprint', encoding: 'form', sends: ['imprint'] },
  rankedEvents: { method: 'GET', path: '/ajax/line/printer/ranked/{id}', encoding: 'query', sends: ['onlyview', 'lang_id', 'timezone'] },
} as const satisfies Record<string, CallSpec>;

export type CallName = keyof typeof CALLS;

/** The country list's address (spec 7: lang_id), the same for the first-screen script and the page's code. */
export function countriesUrl(langId: number): string {
  return `${CALLS.countries.path}?lang_id=${encodeURIComponent(langId)}`;
}
