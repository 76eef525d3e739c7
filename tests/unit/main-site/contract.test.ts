import { CALLS, refusedInBody, serverErrorOf } from '../../../src/main-site/contract';

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
