import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import path from 'node:path';
import { INLINE_ICONS_CONSTANT, readInlineIcons } from '../../gatsby/images/icon-files';

// What webpack's DefinePlugin gives the bundles (gatsby-node.ts onCreateWebpackConfig): the inline icons.
(globalThis as Record<string, unknown>)[INLINE_ICONS_CONSTANT] = readInlineIcons(path.join(__dirname, '..', '..', 'static', 'icons'));

// A hang guard, not a speed check: user-event types key by key, and a machine slowed several times over by
// other jobs took the registration's longest tests past Jest's 5 s default, and the next test inherited
// their unfinished work.
jest.setTimeout(60_000);
// findBy… and waitFor wait for a state; their 1 s default cap is what a loaded machine overran, not the page.
configure({ asyncUtilTimeout: 10_000 });
