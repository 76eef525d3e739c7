/**
 * The main site's data the landings read (spec 3 and 7): country list, account, locale names,
 * session and popular events. Each answer names only the fields the page reads; the main site may
 * send more, and map keys (ids, codes) are its own.
 */
import { MatchersV3 as M, type PactV3 } from '@pact-foundation/pact/src/v3';
import { fetchAccountData } from '../../../src/main-site/account';
import { CALLS } from '../../../src/main-site/contract';
import { fetchCountries } from '../../../src/features/registration/calls/country';
import { fetchPopularEvents } from '../../../src/features/odds/calls/line';
import { fetchLocaleData } from '../../../src/main-site/locale';
import { fetchSession } from '../../../src/features/registration/calls/session';
import { STATE } from '../../../server/stand-in/pact-states';
import { againstMock, SUCCESS, getRequest, SESSION, withSessionCookie } from '../pact-helpers';

const DIGITS = '^\\d+$';

/** A map whose every value is like the example's, under keys the main site picks. */
const eachValueLike = <T>(example: Record<string, T>) => M.eachValueMatches(example, M.like(Object.values(example)[0]));

export function dataInteractions(pact: () => PactV3): void {
  test('country list: entries with country_id and code are all the form needs', async () => {
    await pact()
      .uponReceiving('a request for the country list')
      .withRequest(getRequest(CALLS.countries.path, { lang_id: M.regex(DIGITS, '1') }))
      .willRespondWith({
        status: SUCCESS,
        body: { result: M.eachLike({ country_id: M.integer(643), code: M.regex('^[A-Za-z]{2}$', 'RU') }) },
      })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => fetchCountries(6));
        expect(result).toEqual({ ok: true, data: [{ countryId: 643, code: 'RU', name: null, phoneCode: null }] });
      });
  });

  test('account data: an anonymous visitor gets the tracking fields and the currencies with their names', async () => {
    await pact()
      .uponReceiving('a request for the account data of an anonymous visitor')
      .withRequest(getRequest(CALLS.account.path))
      .willRespondWith({
        status: SUCCESS,
        body: {
          result: {
            ip: M.string('203.0.113.7'),
            timezone_id: M.integer(3),
            appId: M.string('zenit-web'),
            appVer: M.string('4.18.2'),
            sessionId: M.string('5f0c9d2e7a1b4c3d8e6f0a1b2c3d4e5f'),
            eventSource: M.string('landing'),
            access: M.boolean(false),
            finance_data: {
              currency: eachValueLike({ '1': { full_name: M.string('Russian ruble') } }),
              order: M.eachLike(M.integer(1)),
            },
          },
        },
      })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => fetchAccountData());
        expect(result).toEqual({
          ok: true,
          data: {
            ip: '203.0.113.7',
            timezoneId: 3,
            appId: 'zenit-web',
            appVer: '4.18.2',
            sessionId: '5f0c9d2e7a1b4c3d8e6f0a1b2c3d4e5f',
            eventSource: 'landing',
            login: null,
            access: false,
            currencies: [{ id: 1, code: null, label: 'Russian ruble' }],
          },
        });
      });
  });

  test('account data: a logged-in visitor has access and a login (spec 6)', async () => {
    await pact()
      .given(STATE.loggedIn)
      .uponReceiving('a request for the account data of a logged-in visitor')
      .withRequest(getRequest(CALLS.account.path, {}, SESSION))
      .willRespondWith({ status: SUCCESS, body: { result: { login: M.string('visitor@example.org'), access: true } } })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => withSessionCookie(() => fetchAccountData()));
        expect(result.ok && { login: result.data.login, access: result.data.access }).toEqual({
          login: 'visitor@example.org',
          access: true,
        });
      });
  });

  test('locale data: currencies by ISO number and countries by id, named by the page when the names are missing', async () => {
    await pact()
      .uponReceiving('a request for the locale data')
      .withRequest(getRequest(CALLS.locale.path, { type: 'all', need_lang: '1' }))
      .willRespondWith({
        status: SUCCESS,
        body: {
          result: {
            currency_data: eachValueLike({ RUB: { number: M.integer(643) } }),
            country_data: eachValueLike({ RU: { country_id: M.integer(643) } }),
          },
        },
      })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => fetchLocaleData());
        expect(result).toEqual({
          ok: true,
          data: {
            currencies: { RUB: { number: 643, symbol: 'RUB', name: 'RUB' } },
            countries: { RU: { countryId: 643, name: 'RU', phoneCode: '' } },
          },
        });
      });
  });

  test('session.php: any 2xx; the page hands on whatever object it holds (spec 7)', async () => {
    await pact()
      .uponReceiving('a request for the legacy session')
      .withRequest(getRequest(CALLS.session.path))
      .willRespondWith({ status: SUCCESS })
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => fetchSession())).toEqual({ ok: true, data: {} });
      });
  });

  test('popular events: events with both teams named and three outcomes make odds cards', async () => {
    const outcome = { h: M.string('9c1f3e'), odds: M.number(1.85) };
    await pact()
      .given(STATE.ranking, { ranking: 0 })
      .uponReceiving('a request for the popular events of a ranking')
      .withRequest(
        getRequest(M.regex('^/ajax/line/printer/ranked/\\d+$', '/ajax/line/printer/ranked/0'), {
          onlyview: '0',
          lang_id: M.regex(DIGITS, '1'),
          timezone: '3',
        }),
      )
      .willRespondWith({
        status: SUCCESS,
        body: {
          result: {
            line: M.eachLike({
              id: M.integer(41001),
              c1_id: M.integer(101),
              c2_id: M.integer(102),
              sid: M.integer(1),
              lid: M.integer(11),
              f_l: M.constrainedArrayLike(outcome, 3, 3, 3),
            }),
            eng: {
              cmd: M.eachValueMatches({ '101': 'Zenit', '102': 'Spartak' }, M.string('Zenit')),
              sport: M.eachValueMatches({ '1': 'Football' }, M.string('Football')),
              league: M.eachValueMatches({ '11': 'Premier League' }, M.string('Premier League')),
            },
            cmd: M.eachValueMatches({ '101': 'Зенит', '102': 'Спартак' }, M.string('Зенит')),
          },
        },
      })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => fetchPopularEvents(0, 1));
        const outcomes = ['home', 'draw', 'away'].map((kind) => ({ kind, odds: 1.85, hash: '9c1f3e' }));
        expect(result).toEqual({
          ok: true,
          data: [
            {
              id: 41001,
              sport: { id: 1, name: 'Football' },
              league: { id: 11, name: 'Premier League' },
              home: { id: 101, name: 'Зенит', urlName: 'Zenit' },
              away: { id: 102, name: 'Спартак', urlName: 'Spartak' },
              startsAt: null,
              outcomes,
            },
          ],
        });
      });
  });
}
