import { CALLS, readCountries, readRankedEvents, refusedInBody, serverErrorOf } from '../../../src/main-site/contract';

describe('refusedInBody: when a 2xx answer still says no (spec 8, issue 11)', () => {
  test.each([
    [{ error: { code: 'phone_taken' } }, true],
    [{ error: 'phone_taken' }, true],
    [{ error: true }, true],
    [{ success: false }, true],
    [{ ok: false }, true],
    [{ result: false }, true],
    [{ status: 'error', message: 'closed' }, true],
    [{ status: ' FAILED ' }, true],
    [{ error: null, result: true }, false],
    [{ error: '', success: true }, false],
    [{ error: false }, false],
    [{ status: 'ok' }, false],
    [{ result: true }, false],
    [{}, false],
    ['', false],
    ['<html>', false],
    [null, false],
    [[{ error: 'in a list' }], false],
  ])('%p → %p', (body, refused) => {
    expect(refusedInBody(body)).toBe(refused);
  });
});

describe('serverErrorOf: the failure shapes main sites send', () => {
  test.each([
    [
      'the envelope server/README.md documents',
      { error: { code: 'phone_taken', message: 'Taken', field: 'phone' } },
      { code: 'phone_taken', message: 'Taken', field: 'phone', retryAfter: null },
    ],
    ['a bare code as error', { error: 'promo_code_invalid' }, { code: 'promo_code_invalid', message: null, field: null, retryAfter: null }],
    [
      'a sentence as error',
      { error: 'Something broke, sorry' },
      { code: null, message: 'Something broke, sorry', field: null, retryAfter: null },
    ],
    [
      'code, message and field at the top',
      { code: 'email_taken', message: 'Taken', field: 'email' },
      { code: 'email_taken', message: 'Taken', field: 'email', retryAfter: null },
    ],
    ['an error_code', { error: { error_code: 'x_1' } }, { code: 'x_1', message: null, field: null, retryAfter: null }],
    [
      'a map of field errors',
      { errors: { birthdate: ['Too young'] } },
      { code: null, message: null, field: 'birthdate', retryAfter: null },
    ],
    [
      'retry_after as a digit string',
      { error: { code: 'sms_too_often', retry_after: '15' } },
      { code: 'sms_too_often', message: null, field: null, retryAfter: 15 },
    ],
  ])('%s', (_case, body, expected) => {
    expect(serverErrorOf(body)).toEqual(expected);
  });

  test('a Retry-After header counts when the body gives no wait', () => {
    expect(serverErrorOf({ error: { code: 'sms_too_often' } }, '40')).toEqual({
      code: 'sms_too_often',
      message: null,
      field: null,
      retryAfter: 40,
    });
  });

  test.each([[''], ['<!doctype html><h1>502</h1>'], [null], [{}], [{ error: null }], [{ error: { code: 5 } }]])(
    'says nothing for %p: the page shows its own message',
    (body) => {
      expect(serverErrorOf(body)).toBeNull();
    },
  );
});

describe('CALLS: the contract lists every call of spec 7', () => {
  test('with one path each, and the fields spec 7 names for registration', () => {
    const paths = Object.values(CALLS).map((call) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/ajax/data/country',
        '/ajax/account/data',
        '/ajax/locale/data',
        '/ajax/account/promo/check',
        '/ajax/registration/check_phone',
        '/ajax/registration/register_v2',
        '/ajax/registration/register_email',
        '/ajax/registration/register_new',
        '/ajax/account/sms/send',
        '/ajax/account/sms/check',
        '/session.php',
        '/ajax/html/get',
        '/ajax/casino/init_demo',
        '/ajax/casino/init_game',
        '/ajax/kafka/log',
        '/ajax/cookie/imprint',
        '/ajax/line/printer/ranked/{id}',
      ]),
    );
    expect(CALLS.registerEmail.sends).not.toContain('phone');
    expect(CALLS.checkPhone.sends).toEqual(CALLS.registerPhone.sends);
  });
});

describe('field readers: numbers may come as digit text, anything else of the wrong type counts as absent', () => {
  test.each([
    [643, 643],
    ['643', 643],
    [' 643 ', 643],
    [1.5, undefined],
    ['6 43', undefined],
    ['RU', undefined],
    [Number.NaN, undefined],
    [2 ** 60, undefined],
    [true, undefined],
    [null, undefined],
  ])('a country_id of %p is read as %p (an unreadable id drops the country)', (countryId, expected) => {
    const countries = readCountries({ result: [{ country_id: countryId, code: 'ru', phone_code: '+7' }] });
    expect(countries).toEqual(expected === undefined ? [] : [{ countryId: expected, code: 'RU', name: null, phoneCode: '+7' }]);
  });

  test.each([
    ['+7', '+7'],
    ['998', '998'],
    ['+12345', null],
    ['7a', null],
    [7, null],
    ['', null],
  ])('a phone_code of %p is read as %p', (phoneCode, expected) => {
    expect(readCountries({ result: [{ country_id: 643, code: 'RU', name: '', phone_code: phoneCode }] })).toEqual([
      { countryId: 643, code: 'RU', name: null, phoneCode: expected },
    ]);
  });

  test.each([
    [1.85, 1.85],
    ['1.85', 1.85],
    [' 3 ', 3],
    ['1,85', null],
    [Number.POSITIVE_INFINITY, null],
    ['-2.5', null],
    [{}, null],
  ])('an outcome whose odds are %p shows %p (no readable odds: the outcome is left out)', (odds, expected) => {
    const body = {
      result: {
        line: [
          {
            id: 1,
            c1_id: 10,
            c2_id: 20,
            sid: 1,
            lid: 2,
            dt: 1_800_000_000,
            f_l: [
              { odds, h: 'a' },
              { odds: 3.1, h: 'b' },
              { odds: 2.2, h: 'c' },
            ],
          },
        ],
        eng: { cmd: { '10': 'home-team', '20': 'away-team' }, sport: { '1': 'Football' }, league: { '2': 'League' } },
      },
    };
    const events = readRankedEvents(body);
    const home = events?.[0]?.outcomes.find((outcome) => outcome.kind === 'home');
    if (expected === null) expect(events).toEqual([]);
    else expect(home?.odds).toBe(expected);
  });

  test.each([
    [30, 30],
    ['30', 30],
    ['2.5', 2.5],
    [-5, null],
    ['soon', null],
  ])('a retry_after of %p waits %p seconds (else the header, else none)', (retryAfter, expected) => {
    expect(serverErrorOf({ error: { code: 'sms_too_often', retry_after: retryAfter } })?.retryAfter).toBe(expected);
  });
});
