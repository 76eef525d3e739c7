import '@testing-library/jest-dom';
import path from 'node:path';
import { INLINE_ICONS_CONSTANT, readInlineIcons } from '../../gatsby/images/icon-files';

// What webpack's DefinePlugin gives the bundles (gatsby-node.ts onCreateWebpackConfig): the inline icons.
(globalThis as Record<string, unknown>)[INLINE_ICONS_CONSTANT] = readInlineIcons(path.join(__dirname, '..', '..', 'static', 'icons'));
