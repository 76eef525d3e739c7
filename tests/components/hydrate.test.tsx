/**
 * gatsby-browser's replaceHydrateFunction: the server-rendered page is taken over in place (the nodes
 * the visitor already sees stay, and start answering taps), and a page without server HTML is rendered.
 */
// Sets React's act environment, and has user-event's events wrapped in act.
import '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GatsbyBrowser } from 'gatsby';
import React, { act, useState } from 'react';
import { replaceHydrateFunction } from '../../gatsby-browser';

function TapCounter() {
  const [taps, setTaps] = useState(0);
  return (
    <div id="gatsby-focus-wrapper">
      <button type="button" onClick={() => setTaps(taps + 1)}>{`Taps: ${taps}`}</button>
    </div>
  );
}

type SiteRenderer = (element: React.ReactNode, container: Element) => () => void;

function siteRenderer(): SiteRenderer | undefined {
  return (replaceHydrateFunction as NonNullable<GatsbyBrowser['replaceHydrateFunction']>)(
    {} as Parameters<NonNullable<GatsbyBrowser['replaceHydrateFunction']>>[0],
    { plugins: [] },
  ) as unknown as SiteRenderer | undefined;
}

let cleanup: (() => void) | undefined;

function hydrateWithSiteRenderer(container: HTMLElement) {
  cleanup = siteRenderer()!(<TapCounter />, container);
}

let container: HTMLElement;

beforeEach(() => {
  container = document.createElement('div');
  container.id = '___gatsby';
  document.body.append(container);
});

afterEach(() => {
  act(() => cleanup?.());
  cleanup = undefined;
  container.remove();
});

test('the server HTML is hydrated in place: the button the visitor sees is kept and counts taps', async () => {
  const user = userEvent.setup();
  container.innerHTML = '<div id="gatsby-focus-wrapper"><button type="button">Taps: 0</button></div>';
  const serverButton = container.querySelector('button')!;
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => hydrateWithSiteRenderer(container));
  expect(container.querySelector('button')).toBe(serverButton);
  await user.click(serverButton);
  expect(serverButton.textContent).toBe('Taps: 1');
  // A mismatch would have been reported and the tree rendered anew.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

test('a page without server HTML (an empty focus wrapper, the route announcer beside it) is rendered rather than hydrated', async () => {
  const user = userEvent.setup();
  container.innerHTML = '<div id="gatsby-focus-wrapper"></div><div id="gatsby-announcer"></div>';
  await act(async () => hydrateWithSiteRenderer(container));
  const button = container.querySelector('button')!;
  expect(button.textContent).toBe('Taps: 0');
  await user.click(button);
  expect(button.textContent).toBe('Taps: 1');
});

test('the renderer hands back a cleanup that takes the page down', async () => {
  container.innerHTML = '<div id="gatsby-focus-wrapper"><button type="button">Taps: 0</button></div>';
  await act(async () => hydrateWithSiteRenderer(container));
  act(() => cleanup?.());
  cleanup = undefined;
  expect(container.querySelector('button')).toBeNull();
});

test('an element Gatsby mounts on its own (the development loading sign) is rendered, not hydrated', async () => {
  const mount = document.createElement('first-render-loading-indicator');
  document.body.append(mount);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    cleanup = siteRenderer()!(<span>Loading</span>, mount);
  });
  expect(mount.textContent).toBe('Loading');
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  act(() => cleanup?.());
  cleanup = undefined;
  mount.remove();
});

test('in development Gatsby keeps its own renderer, which feeds its error overlay', () => {
  const stage = process.env.BUILD_STAGE;
  process.env.BUILD_STAGE = 'develop';
  try {
    expect(siteRenderer()).toBeUndefined();
  } finally {
    if (stage === undefined) delete process.env.BUILD_STAGE;
    else process.env.BUILD_STAGE = stage;
  }
});
