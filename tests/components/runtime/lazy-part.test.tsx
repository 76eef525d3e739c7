/** A part of the page whose code fails to load reloads the page once (spec 8), and never blanks it. */
import { act, render, screen } from '@testing-library/react';
import React, { Suspense } from 'react';
import { lazyPart, pageReload, PartBoundary } from '../../../src/runtime/lazy-part';

let reload: jest.SpyInstance;
let warn: jest.SpyInstance;

beforeEach(() => {
  sessionStorage.clear();
  reload = jest.spyOn(pageReload, 'run').mockImplementation(() => undefined);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  reload.mockRestore();
  warn.mockRestore();
});

function Page({ Part }: { Part: React.ComponentType }) {
  return (
    <main>
      <h1>Bonus 20 000 ₽</h1>
      <PartBoundary fallback={<a href="/registration">Register on the site</a>}>
        <Suspense fallback={<p>Loading the form</p>}>
          <Part />
        </Suspense>
      </PartBoundary>
    </main>
  );
}

const failing = () => lazyPart<object>(() => Promise.reject(new Error('Loading chunk 535 failed')));

test('the first failure reloads the page and keeps the fallback on screen meanwhile', async () => {
  render(<Page Part={failing()} />);
  await act(async () => undefined);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Loading the form')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Bonus 20 000 ₽' })).toBeTruthy();
});

test("failing again right after the reload shows the part's fallback, the rest of the page stays", async () => {
  render(<Page Part={failing()} />);
  await act(async () => undefined);
  render(<Page Part={failing()} />);
  await act(async () => undefined);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('link', { name: 'Register on the site' })).toBeTruthy();
  expect(screen.getAllByRole('heading', { name: 'Bonus 20 000 ₽' })).toHaveLength(2);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Loading chunk 535 failed'));
});

test('a part that loads renders as usual, without a reload', async () => {
  const Part = lazyPart<object>(() => Promise.resolve({ default: () => <form aria-label="Registration" /> }));
  render(<Page Part={Part} />);
  expect(await screen.findByRole('form', { name: 'Registration' })).toBeTruthy();
  expect(reload).not.toHaveBeenCalled();
});

test('a part whose code was fetched ahead renders at once: no moment of fallback in which a tap would be lost', async () => {
  const Part = lazyPart<object>(() => Promise.resolve({ default: () => <form aria-label="Registration" /> }));
  Part.preload();
  await act(async () => undefined);
  render(<Page Part={Part} />);
  expect(screen.getByRole('form', { name: 'Registration' })).toBeTruthy();
  expect(screen.queryByText('Loading the form')).toBeNull();
});

test('fetching ahead a part whose code fails leaves the failure to the render: one reload, no unhandled error', async () => {
  const Part = failing() as ReturnType<typeof failing>;
  Part.preload();
  await act(async () => undefined);
  expect(reload).toHaveBeenCalledTimes(1);
  render(<Page Part={Part} />);
  await act(async () => undefined);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Loading the form')).toBeTruthy();
});
