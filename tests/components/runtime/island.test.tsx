/**
 * An island rendered where no server HTML is (a client-side navigation, the offline app shell the
 * service worker serves on a reload): its code is fetched, it renders inside the page's root, and it
 * says it is live the way a hydrated island does, so nothing waits on it for ever.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React, { act, useState } from 'react';
import { island } from '../../../src/runtime/island';
import { pageReload } from '../../../src/runtime/lazy-part';

/** The island hands the page's theme on to its own root, as every landing has one. */
const inPage = (element: React.ReactElement) => render(element);

function Counter({ label }: { label: string }) {
  const [taps, setTaps] = useState(0);
  return <button type="button" onClick={() => setTaps(taps + 1)}>{`${label}: ${taps}`}</button>;
}

test('without server HTML the island renders once its code is there, and is marked live only then', async () => {
  const user = userEvent.setup();
  let arrive: (module: { default: typeof Counter }) => void = () => undefined;
  const Island = island<{ label: string }>('counter', null, () => new Promise((resolve) => (arrive = resolve)));
  const { container } = inPage(<Island props={{ label: 'Taps' }} />);
  const wrapper = container.querySelector('[data-island="counter"]')!;
  expect(wrapper).not.toBeNull();
  expect(wrapper.hasAttribute('data-hydrated')).toBe(false);
  expect(screen.queryByRole('button')).toBeNull();

  await act(async () => arrive({ default: Counter }));

  const button = await screen.findByRole('button', { name: 'Taps: 0' });
  expect(wrapper.hasAttribute('data-hydrated')).toBe(true);
  await user.click(button);
  expect(button.textContent).toBe('Taps: 1');
});

test('an island whose code fails to load is left out without being marked live', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const reload = jest.spyOn(pageReload, 'run').mockImplementation(() => undefined);
  let fail: (error: Error) => void = () => undefined;
  const Island = island<{ label: string }>('counter', null, () => new Promise((_resolve, reject) => (fail = reject)));
  const { container } = inPage(<Island props={{ label: 'Taps' }} />);
  await act(async () => fail(new Error('Loading chunk 9 failed')));
  const wrapper = container.querySelector('[data-island="counter"]')!;
  expect(wrapper.hasAttribute('data-hydrated')).toBe(false);
  expect(screen.queryByRole('button')).toBeNull();
  // Spec 8: a part whose file did not come loads the page again in full.
  expect(reload).toHaveBeenCalledTimes(1);
  reload.mockRestore();
  warn.mockRestore();
});
