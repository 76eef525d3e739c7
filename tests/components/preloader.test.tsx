/** Spec 2, 4, 9: the preloader stays until ~600 ms have passed AND the country call has settled. */
import { act, screen } from '@testing-library/react';
import React from 'react';
import type { ApiResult } from '../../src/api/client';
import type { Country } from '../../src/api/country';
import { CountriesProvider } from '../../src/features/countries/CountriesProvider';
import { Preloader } from '../../src/features/preloader/Preloader';
import { resetPreloaderVisit } from '../../src/features/preloader/usePreloader';
import { PRELOADER_ICON_CYCLE_MS, PRELOADER_MAX_WAIT_MS } from '../../src/domain/timing';
import { useIconCycle } from '../../src/features/preloader/useIconCycle';
import { renderInPage } from './render';

let settle: (result: ApiResult<Country[]>) => void;
const fetchCountries = jest.fn(() => new Promise<ApiResult<Country[]>>((resolve) => (settle = resolve)));
jest.mock('../../src/api/country', () => ({ fetchCountries: (...args: unknown[]) => fetchCountries(...(args as [])) }));

const RU: Country = { countryId: 643, code: 'RU', name: 'Россия', phoneCode: '+7' };

function renderPreloader(brand: 'zenit' | 'zenbet' | 'cupis' = 'zenit') {
  return renderInPage(
    <CountriesProvider langId={1} region="RU">
      <Preloader brand={brand} label="Loading" />
      <p>Offer</p>
    </CountriesProvider>,
    { brand, language: 'ru' },
  );
}

/** Lets the dynamic import and the fetch promise run, without moving the clock. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await flush();
}

beforeEach(() => {
  jest.useFakeTimers();
  resetPreloaderVisit();
  fetchCountries.mockClear();
});
afterEach(() => jest.useRealTimers());

test('countries answer at 200 ms: the preloader stays until 600 ms', async () => {
  renderPreloader();
  await flush();
  expect(screen.getByTestId('preloader')).toBeInTheDocument();
  await advance(200);
  settle({ ok: true, data: [RU] });
  await flush();
  expect(screen.getByTestId('preloader')).toBeInTheDocument();
  await advance(350);
  expect(screen.getByTestId('preloader')).toBeInTheDocument();
  await advance(60);
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
  expect(screen.getByText('Offer')).toBeInTheDocument();
});

test('countries answer at 900 ms: the preloader stays past 600 ms until they do', async () => {
  renderPreloader();
  await flush();
  await advance(700);
  expect(screen.getByTestId('preloader')).toBeInTheDocument();
  await advance(200);
  settle({ ok: true, data: [RU] });
  await flush();
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
});

test('a failed country call counts as settled: the page is not held', async () => {
  renderPreloader();
  await flush();
  settle({ ok: false, error: { kind: 'http', status: 500, message: 'Request failed with status code 500', server: null } });
  await flush();
  await advance(610);
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
});

test('a country call that never answers holds the page only PRELOADER_MAX_WAIT_MS, not until the client gives up', async () => {
  renderPreloader();
  await flush();
  await advance(PRELOADER_MAX_WAIT_MS - 10);
  expect(screen.getByTestId('preloader')).toBeInTheDocument();
  await advance(10);
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
  expect(screen.getByText('Offer')).toBeInTheDocument();
  // The call goes on: its late answer is still taken, and the preloader does not come back.
  settle({ ok: true, data: [RU] });
  await flush();
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
});

test('asks for the country list in the page language', async () => {
  renderPreloader();
  await flush();
  expect(fetchCountries).toHaveBeenCalledWith(1, expect.any(AbortSignal));
});

test('only the first page of a visit shows it', async () => {
  const first = renderPreloader();
  await flush();
  settle({ ok: true, data: [RU] });
  await advance(610);
  first.unmount();
  renderPreloader();
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
});

test('zenit and zenbet show their animated brand image', async () => {
  renderPreloader('zenbet');
  const image = screen.getByTestId('preloader').querySelector('img')!;
  expect(image).toHaveAttribute('src', '/promo/icons/preloader/zenbet.svg');
  expect(image).not.toHaveAttribute('data-icon');
});

test('cupis cycles its icons every 1.5 s on dark blue', async () => {
  renderPreloader('cupis');
  await flush();
  const icon = () => screen.getByTestId('preloader').querySelector('img')!.getAttribute('data-icon');
  expect(icon()).toBe('0');
  expect(screen.getByTestId('preloader')).toHaveStyle({ background: '#0a2463' });
  await advance(1499);
  expect(icon()).toBe('0');
  await advance(1);
  expect(icon()).toBe('1');
  await advance(1500);
  expect(icon()).toBe('2');
  // The country call never answered here: the sequence stops when the preloader gives up waiting.
  await advance(PRELOADER_MAX_WAIT_MS - 3000);
  expect(screen.queryByTestId('preloader')).not.toBeInTheDocument();
});

test('the icon sequence wraps around after the last icon', async () => {
  function Cycle() {
    return <span data-testid="cycle">{useIconCycle(4, true)}</span>;
  }
  renderInPage(<Cycle />, { brand: 'cupis', language: 'ru' });
  await advance(PRELOADER_ICON_CYCLE_MS * 3);
  expect(screen.getByTestId('cycle')).toHaveTextContent('3');
  await advance(PRELOADER_ICON_CYCLE_MS);
  expect(screen.getByTestId('cycle')).toHaveTextContent('0');
});
