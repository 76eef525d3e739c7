/**
 * An island that comes alive as the visitor turns to it (the registration form): its server HTML stays
 * as built, and its code is neither fetched nor run, until a pointer comes over it, a touch, a focus or a
 * key; then it is hydrated in place. A focus already in it when the page's code runs counts as a turn,
 * and a file that did not come is asked for again at the next turn.
 */
import { fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React, { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { EARLY_GLOBAL, type EarlyWindow, type EarlyState } from '../../../src/early/early-state';
import { island } from '../../../src/runtime/island';

function Counter({ label }: { label: string }) {
  const [taps, setTaps] = useState(0);
  return (
    <div>
      <input aria-label="Phone" defaultValue="" />
      <button type="button" onClick={() => setTaps(taps + 1)}>{`${label}: ${taps}`}</button>
    </div>
  );
}

type Load = () => Promise<{ default: typeof Counter }>;

const page = (Island: ReturnType<typeof island<{ label: string }>>) => (
  <main>
    <Island props={{ label: 'Taps' }} />
  </main>
);

let container: HTMLElement;
let root: Root | undefined;

/** The built page (the island rendered by the server), then the page's code taking it over. */
async function builtPageWith(load: Load, { focus = false, tapped = false } = {}) {
  container = document.createElement('div');
  container.innerHTML = renderToString(page(island<{ label: string }>('counter', Counter, load)));
  document.body.append(container);
  if (focus) container.querySelector('input')!.focus();
  // The first-screen script keeps a tap on a button of an island whose code has not come (src/early).
  if (tapped) (window as EarlyWindow)[EARLY_GLOBAL] = { islandClicks: [container.querySelector('button')!] } as unknown as EarlyState;
  const Island = island<{ label: string }>('counter', null, load);
  await act(async () => {
    root = hydrateRoot(container, page(Island));
  });
  return {
    wrapper: container.querySelector<HTMLElement>('[data-island="counter"]')!,
    button: container.querySelector('button')!,
  };
}

afterEach(() => {
  delete (window as EarlyWindow)[EARLY_GLOBAL];
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

test('a visitor who only looks never fetches or runs the code; a pointer over the island brings it to life in place', async () => {
  const user = userEvent.setup();
  const load = jest.fn<ReturnType<Load>, []>(() => Promise.resolve({ default: Counter }));
  const { wrapper, button } = await builtPageWith(load);

  // fireEvent: a bare click, with no pointer, focus or key before it. user-event's click always brings a
  // pointer over the button first, and that alone wakes the island.
  await act(async () => fireEvent.click(button));
  expect(load).not.toHaveBeenCalled();
  expect(wrapper.hasAttribute('data-hydrated')).toBe(false);
  expect(button.textContent).toBe('Taps: 0');

  await act(async () => user.hover(button));
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);
  expect(wrapper.hasAttribute('data-hydrated')).toBe(true);
  // The node the visitor saw is the one React took over.
  expect(container.querySelector('button')).toBe(button);
  await act(async () => user.click(button));
  expect(button.textContent).toBe('Taps: 1');

  // Later turns fetch nothing more.
  await act(async () => user.click(container.querySelector('input')!));
  expect(load).toHaveBeenCalledTimes(1);
});

// fireEvent: each sign on its own, which user-event cannot send. Its touch brings a pointer over the element
// before the pointerdown, and its key goes where the focus is, which must first come into the island: either
// of those alone already wakes it, and the row would no longer test its own sign.
test.each([
  ['a touch', (element: HTMLElement) => fireEvent.pointerDown(element)],
  ['a focus', (element: HTMLElement) => fireEvent.focusIn(element)],
  ['a key', (element: HTMLElement) => fireEvent.keyDown(element, { key: 'Tab' })],
])('%s in the island brings it to life', async (_name, turn) => {
  const load = jest.fn<ReturnType<Load>, []>(() => Promise.resolve({ default: Counter }));
  const { wrapper } = await builtPageWith(load);
  await act(async () => turn(container.querySelector('input')!));
  await act(async () => undefined);
  expect(wrapper.hasAttribute('data-hydrated')).toBe(true);
});

test('a pointer elsewhere on the page wakes nothing', async () => {
  const user = userEvent.setup();
  const load = jest.fn<ReturnType<Load>, []>(() => Promise.resolve({ default: Counter }));
  await builtPageWith(load);
  await act(async () => user.hover(container.querySelector('main')!));
  expect(load).not.toHaveBeenCalled();
});

test('a focus already in the island when the page code runs (the visitor was typing) brings it to life at once', async () => {
  const load = jest.fn<ReturnType<Load>, []>(() => Promise.resolve({ default: Counter }));
  const { wrapper } = await builtPageWith(load, { focus: true });
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);
  expect(wrapper.hasAttribute('data-hydrated')).toBe(true);
});

test('a file that did not come is asked for again at the next turn, not in a loop', async () => {
  const user = userEvent.setup();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const load = jest
    .fn<ReturnType<Load>, []>()
    .mockImplementationOnce(() => Promise.reject(new Error('Loading chunk 979 failed')))
    .mockImplementation(() => Promise.resolve({ default: Counter }));
  const { wrapper, button } = await builtPageWith(load, { focus: true });
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);
  expect(wrapper.hasAttribute('data-hydrated')).toBe(false);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('the counter island did not load'));

  // The focus is still in the island: it waits for the visitor's next turn rather than asking again at once.
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);

  await act(async () => user.pointer({ keys: '[TouchA]', target: button }));
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(2);
  expect(wrapper.hasAttribute('data-hydrated')).toBe(true);
  warn.mockRestore();
});

test('a tap the first-screen script kept before the page code ran brings the island to life at once, and counts', async () => {
  const load = jest.fn<ReturnType<Load>, []>(() => Promise.resolve({ default: Counter }));
  const { wrapper, button } = await builtPageWith(load, { tapped: true });
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);
  expect(wrapper.hasAttribute('data-hydrated')).toBe(true);
  expect(button.textContent).toBe('Taps: 1');
});
