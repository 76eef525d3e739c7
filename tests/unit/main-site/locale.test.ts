import { AxiosError } from 'axios';
import { api } from '../../../src/main-site/ajax';
import { fetchLocaleData } from '../../../src/main-site/locale';
import { failWith, installWire, respond, sent } from './transport';

const { warn } = installWire();

/** The stand-in's answer shape (server/README.md), with entries the reader must drop (no number, no id) and one whose number is a digit string. */
const answer = {
  result: {
    currency_data: {
      RUB: { number: 643, symbol: '₽', name: 'российский рубль' },
      BRL: { number: 986, symbol: 'R$', name: 'бразильский реал' },
      USDT: { symbol: '₮', name: 'Tether' },
      XXX: { number: '999', symbol: '?', name: 'string number' },
      BAD: null,
    },
    country_data: {
      RU: { country_id: 643, name: 'Россия', phone_code: '+7' },
      BR: { country_id: 76, name: 'Бразилия', phone_code: '+55' },
      ZZ: { name: 'No id', phone_code: '+0' },
    },
    lang: { current: 'ru', lang_id: 1, available: { ru: { lang_id: 1, locale: 'ru', name: 'Русский' } } },
  },
};

describe('fetchLocaleData: GET /ajax/locale/data', () => {
  it('asks for type=all and need_lang=1', async () => {
    respond(answer);
    await fetchLocaleData();
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('get');
    expect(sent[0].url).toBe('/ajax/locale/data');
    expect(sent[0].params).toEqual({ type: 'all', need_lang: 1 });
    expect(api.getUri(sent[0])).toBe('/ajax/locale/data?type=all&need_lang=1');
    expect(sent[0].data).toBeUndefined();
  });

  it('reads currencies with a numeric ISO number and countries with an id', async () => {
    respond(answer);
    expect(await fetchLocaleData()).toEqual({
      ok: true,
      data: {
        currencies: {
          RUB: { number: 643, symbol: '₽', name: 'российский рубль' },
          BRL: { number: 986, symbol: 'R$', name: 'бразильский реал' },
          XXX: { number: 999, symbol: '?', name: 'string number' },
        },
        countries: {
          RU: { countryId: 643, name: 'Россия', phoneCode: '+7' },
          BR: { countryId: 76, name: 'Бразилия', phoneCode: '+55' },
        },
      },
    });
  });

  it('upper-cases country keys', async () => {
    respond({ result: { currency_data: {}, country_data: { kz: { country_id: 398, name: 'Kazakhstan', phone_code: '+7' } } } });
    const result = await fetchLocaleData();
    expect(result.ok && result.data.countries).toEqual({ KZ: { countryId: 398, name: 'Kazakhstan', phoneCode: '+7' } });
  });

  it.each([
    ['country_data is missing', { result: { currency_data: {} } }],
    ['currency_data is missing', { result: { country_data: {} } }],
    ['the envelope is missing', { currency_data: {}, country_data: {} }],
    ['the JSON is cut short', '{"result": {"currency_data": {"RUB": {"num'],
  ])('gives no names, and logs nothing, when %s: the page keeps its own names', async (_case, data) => {
    respond(data);
    expect(await fetchLocaleData()).toEqual({ ok: true, data: { currencies: {}, countries: {} } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('hands back query_invalid with its field', async () => {
    const body = { error: { code: 'query_invalid', message: 'Query parameter type must be one of all, currency, country', field: 'type' } };
    respond(body, 400);
    const result = await fetchLocaleData();
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 400, message: 'Request failed with status code 400', body } });
    expect(!result.ok && result.error.server).toEqual({
      code: 'query_invalid',
      message: 'Query parameter type must be one of all, currency, country',
      field: 'type',
      retryAfter: null,
    });
  });

  it("normalises a lost connection to 'Network Error'", async () => {
    failWith((config) => new AxiosError('connect ECONNREFUSED', AxiosError.ERR_NETWORK, config, {}));
    expect(await fetchLocaleData()).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
  });

  it("normalises a timeout to 'timeout of 15000ms exceeded'", async () => {
    failWith((config) => new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {}));
    expect(await fetchLocaleData()).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null },
    });
  });

  it("normalises an aborted request to 'Request aborted'", async () => {
    respond(answer);
    const controller = new AbortController();
    controller.abort();
    expect(await fetchLocaleData(controller.signal)).toEqual({
      ok: false,
      error: { kind: 'aborted', message: 'Request aborted', server: null },
    });
    expect(sent).toHaveLength(0);
  });
});
