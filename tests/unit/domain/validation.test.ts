import { CHECK_ORDER, PATTERNS, isValidPassword, normalizePhone, validateField, type FieldRules } from '../../../src/domain/validation';

type PatternName = keyof typeof PATTERNS;

/** One row per pattern of the spec 5 catalogue: values it must accept and values it must refuse. */
const catalogue: Array<[PatternName, string, string[], string[]]> = [
  [
    'latinName',
    'latin letters with space, underscore, hyphen, apostrophe',
    ['John', 'Mary Jane', 'Jean-Luc', "O'Brien", 'first_last', 'ANNA'],
    ['Иван', 'John2', 'John!', 'John.', 'john@mail', '<b>'],
  ],
  [
    'cyrillicName',
    'cyrillic letters with space, underscore, hyphen, apostrophe',
    ['Иван', 'Пётр Ильич', 'Анна-Мария', "Д'Артаньян", 'иван_петров', 'ЁЖИК', 'Євгенія', 'Нұрсұлтан'],
    ['Ivan', 'Иван2', 'Иван!', 'Иван.', 'Ivan Иван', '<b>'],
  ],
  [
    'latinNumber',
    'latin letters, digits, - and _',
    ['abc123', 'ABC_def-42', '2024', 'a', '_-'],
    ['abc 123', 'abc.def', 'абв1', 'a@b', 'a+b', 'a/b'],
  ],
  [
    'latinNumberSymbol',
    'latin or cyrillic letters with digits and some punctuation',
    ['Hello, world!', 'ул. Ленина, д. 5', 'Apt 5-2', 'Ivan Петров', 'Why?'],
    ['🙂', '中文', 'مرحبا', 'שלום'],
  ],
  ['number', 'digits only', ['0', '0123', '123456'], ['12.5', '-1', '1e5', '12 34', 'abc', '+7']],
  [
    'email',
    'an e-mail address',
    ['user@example.com', 'first.last+tag@sub.example.org', 'user_1@mail.ru'],
    ['user', 'user@', '@example.com', 'user @example.com', 'user@exa mple.com', 'user@@example.com'],
  ],
  [
    'emailCps',
    'the stricter e-mail address',
    ['user@example.com', 'first.last+tag@sub.example.org', 'user_1@mail.ru'],
    [
      'user',
      'user@',
      '@example.com',
      'user @example.com',
      'user@@example.com',
      '.user@example.com',
      'user.@example.com',
      'us..er@example.com',
      'user@example..com',
      'user@-example.com',
      'user@example',
    ],
  ],
  [
    'city',
    'a city name',
    ['Moscow', 'Санкт-Петербург', 'New York', 'Nizhny Novgorod', 'Ростов-на-Дону', 'St. Petersburg'],
    ['Moscow1', '12345', 'Moscow!', 'Moscow@', '<script>', ' '],
  ],
  [
    'promoCode',
    'letters and digits only',
    ['BONUS2024', 'FREEBET30', 'бонус', '2024'],
    ['BONUS-2024', 'BONUS 2024', 'BONUS_1', 'A.B', '<x>', ''],
  ],
  [
    'phone',
    'a normalised phone: + and digits, up to 18 characters',
    ['+79161234567', '79161234567', '+12345678901234567', '123456789012345678'],
    ['+123456789012345678', '1234567890123456789', '+7 916 123 45 67', '+7(916)1234567', '79161234567a'],
  ],
];

describe('PATTERNS (spec 5 "Pattern catalogue")', () => {
  describe.each(catalogue)('spec 5: %s (%s)', (name, _description, accept, reject) => {
    test.each(accept)(`spec 5: ${name} accepts %p`, (value) => {
      expect(PATTERNS[name].test(value)).toBe(true);
    });
    test.each(reject)(`spec 5: ${name} rejects %p`, (value) => {
      expect(PATTERNS[name].test(value)).toBe(false);
    });
  });

  test('spec 5: the stricter e-mail pattern accepts nothing the e-mail pattern refuses', () => {
    const samples = catalogue.flatMap(([, , accept, reject]) => [...accept, ...reject]);
    for (const value of samples) {
      if (PATTERNS.emailCps.test(value)) expect(PATTERNS.email.test(value)).toBe(true);
    }
  });

  test.each([
    ['abcд', true],
    ['Ёж', true],
    ['Їжак', true],
    ['abc', false],
    ['123', false],
    ['', false],
  ])('spec 5: the cyrillic detector says %p contains Cyrillic: %s', (value, expected) => {
    expect(PATTERNS.cyrillic.test(value)).toBe(expected);
  });
});

describe('normalizePhone (spec 5: stripped of everything except + and digits)', () => {
  test.each([
    ['+7 (916) 123-45-67', '+79161234567'],
    ['8-916-123 45 67', '89161234567'],
    ['tel: +1.202.555.0143', '+12025550143'],
    ['+79161234567', '+79161234567'],
    ['\t+7\u00a0916\n1234567 ', '+79161234567'],
    ['abc', ''],
    ['', ''],
  ])('spec 5: %p is sent as %p', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });
});

describe('isValidPassword (spec 5 and 9: 6 to 30 characters, not starting with a dot or whitespace)', () => {
  test.each([
    ['exactly 6 characters', 'abc123'],
    ['exactly 30 characters', 'a'.repeat(30)],
    ['a dot inside', 'abc.def'],
    ['a dot at the end', 'abcdef.'],
    ['whitespace inside', 'abc def'],
    ['whitespace at the end', 'abcdef '],
    ['Cyrillic letters', 'пароль1'],
  ])('spec 5: accepted: %s', (_what, value) => {
    expect(isValidPassword(value)).toBe(true);
  });

  test.each([
    ['5 characters', 'abc12'],
    ['31 characters', 'a'.repeat(31)],
    ['empty', ''],
    ['starting with a dot', '.abcdef'],
    ['starting with a space', ' abcdef'],
    ['starting with a tab', '\tabcdef'],
    ['starting with a newline', '\nabcdef'],
    ['starting with a no-break space', '\u00a0abcdef'],
  ])('spec 5: rejected: %s', (_what, value) => {
    expect(isValidPassword(value)).toBe(false);
  });
});

describe('validateField (spec 5 "Check order")', () => {
  test('spec 5: the check order is the one the spec lists', () => {
    expect(CHECK_ORDER).toEqual([
      'required',
      'maxLength',
      'minLength',
      'promoCode',
      'latinNumber',
      'latinNumberSymbol',
      'noCyrillic',
      'phone',
      'password',
      'emailCps',
      'number',
      'promo_code',
    ]);
  });

  type Row = [string, string, FieldRules, readonly string[], ReturnType<typeof validateField>];

  const single: Row[] = [
    ['required: empty', '', { required: true }, [], 'required'],
    ['required: blank (spaces only)', '   ', { required: true }, [], 'required'],
    ['required: blank (tab and newline)', '\t\n', { required: true }, [], 'required'],
    ['required: filled', 'x', { required: true }, [], null],
    ['maxLength: one too many', 'abcd', { maxLength: 3 }, [], 'maxLength'],
    ['maxLength: at the limit', 'abc', { maxLength: 3 }, [], null],
    ['minLength: one too few', 'ab', { minLength: 3 }, [], 'minLength'],
    ['minLength: at the limit', 'abc', { minLength: 3 }, [], null],
    ['promoCode: a hyphen', 'BONUS-1', { promoCode: true }, [], 'promoCode'],
    ['promoCode: letters and digits', 'BONUS1', { promoCode: true }, [], null],
    ['latinNumber: a space', 'abc def', { latinNumber: true }, [], 'latinNumber'],
    ['latinNumber: latin, digits, - and _', 'abc_def-1', { latinNumber: true }, [], null],
    ['latinNumberSymbol: an emoji', '🙂', { latinNumberSymbol: true }, [], 'latinNumberSymbol'],
    ['latinNumberSymbol: a sentence', 'Hello, world!', { latinNumberSymbol: true }, [], null],
    ['noCyrillic: a Cyrillic letter', 'abcд', { noCyrillic: true }, [], 'noCyrillic'],
    ['noCyrillic: latin only', 'abc', { noCyrillic: true }, [], null],
    ['phone: no digits', 'abc', { phone: true }, [], 'phone'],
    ['phone: 19 digits', '1234567890123456789', { phone: true }, [], 'phone'],
    ['phone: six digits after the +', '+123456', { phone: true }, [], 'phone'],
    ['phone: seven digits after the +', '+1234567', { phone: true }, [], null],
    ['phone: + and 17 digits, 18 characters', '+12345678901234567', { phone: true }, [], null],
    ['phone: formatted, stripped before checking', '+7 (916) 123-45-67', { phone: true }, [], null],
    ['password: 5 characters', '12345', { password: true }, [], 'password'],
    ['password: leading dot', '.123456', { password: true }, [], 'password'],
    ['password: 6 characters', '123456', { password: true }, [], null],
    ['emailCps: no domain', 'user@', { emailCps: true }, [], 'emailCps'],
    ['emailCps: an address', 'user@example.com', { emailCps: true }, [], null],
    ['number: a letter', '12a', { number: true }, [], 'number'],
    ['number: digits', '123', { number: true }, [], null],
    ['promo_code: refused by the main site', 'BADCODE', { promo_code: true }, ['BADCODE'], 'promo_code'],
    ['promo_code: not refused', 'GOODCODE', { promo_code: true }, ['BADCODE'], null],
    ['promo_code: nothing refused yet', 'GOODCODE', { promo_code: true }, [], null],
  ];

  test.each(single)('spec 5: %s', (_what, value, rules, rejected, expected) => {
    expect(validateField(value, rules, { rejectedPromoCodes: rejected })).toBe(expected);
  });

  // Each row breaks two neighbouring rules at once; the earlier one in the spec's order must be named.
  const order: Row[] = [
    ['required beats maxLength (blank and too long)', '      ', { required: true, maxLength: 2 }, [], 'required'],
    ['required beats minLength (blank and too short)', ' ', { required: true, minLength: 3 }, [], 'required'],
    ['maxLength beats minLength (4 chars, max 3, min 5)', 'abcd', { maxLength: 3, minLength: 5 }, [], 'maxLength'],
    ['minLength beats promoCode (too short and a hyphen)', 'a-', { minLength: 3, promoCode: true }, [], 'minLength'],
    ['promoCode beats latinNumber (a space breaks both)', 'a b', { promoCode: true, latinNumber: true }, [], 'promoCode'],
    [
      'latinNumber beats latinNumberSymbol (an emoji breaks both)',
      'a🙂',
      { latinNumber: true, latinNumberSymbol: true },
      [],
      'latinNumber',
    ],
    [
      'latinNumberSymbol beats noCyrillic (Cyrillic and an emoji)',
      'д🙂',
      { latinNumberSymbol: true, noCyrillic: true },
      [],
      'latinNumberSymbol',
    ],
    ['noCyrillic beats phone (Cyrillic, no digits)', 'тел', { noCyrillic: true, phone: true }, [], 'noCyrillic'],
    ['phone beats password (19 digits after a leading dot)', '.1234567890123456789', { phone: true, password: true }, [], 'phone'],
    ['password beats emailCps (leading dot, no @)', '.abcdef', { password: true, emailCps: true }, [], 'password'],
    ['emailCps beats number (letters)', 'abc', { emailCps: true, number: true }, [], 'emailCps'],
    ['number beats promo_code (letters, refused)', 'abc', { number: true, promo_code: true }, ['abc'], 'number'],
    // Order does not depend on the order the rules are written in the field's configuration.
    ['maxLength beats minLength even when minLength is written first', 'abcd', { minLength: 5, maxLength: 3 }, [], 'maxLength'],
    ['promo_code listed first still comes last', 'abc', { promo_code: true, number: true }, ['abc'], 'number'],
  ];

  test.each(order)('spec 5: %s', (_what, value, rules, rejected, expected) => {
    expect(validateField(value, rules, { rejectedPromoCodes: rejected })).toBe(expected);
  });

  const all: FieldRules = {
    required: true,
    maxLength: 3,
    minLength: 10,
    promoCode: true,
    latinNumber: true,
    latinNumberSymbol: true,
    noCyrillic: true,
    phone: true,
    password: true,
    emailCps: true,
    number: true,
    promo_code: true,
  };

  test.each([
    ['blank: required', '    ', 'required'],
    ['too long and too short: maxLength', 'д🙂 .x', 'maxLength'],
    ['only too short: minLength', 'д🙂', 'minLength'],
  ])('spec 5: with every rule on, a value failing all the rest names the first: %s', (_what, value, expected) => {
    expect(validateField(value, all, { rejectedPromoCodes: [value] })).toBe(expected);
  });

  test('spec 5: a value that passes every rule has no error', () => {
    const rules: FieldRules = { required: true, maxLength: 12, minLength: 6, number: true, promo_code: true };
    expect(validateField('79161234567', rules, { rejectedPromoCodes: ['123'] })).toBeNull();
  });

  test('spec 5: promo_code uses the codes the main site refused (ctx.rejectedPromoCodes)', () => {
    const rules: FieldRules = { required: true, promoCode: true, promo_code: true };
    expect(validateField('SUMMER24', rules, { rejectedPromoCodes: [] })).toBeNull();
    expect(validateField('SUMMER24', rules, { rejectedPromoCodes: ['SUMMER24'] })).toBe('promo_code');
    expect(validateField('SUMMER24', rules)).toBeNull();
  });
});
