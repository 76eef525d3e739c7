/** Icons written into the page: a file that cannot be inlined safely fails the build, naming the file and why. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INLINE_ICON_FOLDERS, inlineIconProblem, readInlineIcons } from '../../../../gatsby/images/icon-files';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor"><path d="M0 0h24v24z"/></svg>';

test.each([
  ['<?xml version="1.0"?>' + ICON, 'does not start with <svg'],
  [ICON + '<!-- trailing -->', 'does not end with </svg>'],
  [ICON.replace('<path', '<script>alert(1)</script><path'), 'holds a <script>'],
  [ICON.replace('<path', '<path onclick="x()"'), 'holds an event handler attribute'],
  [ICON.replace('<path', '<style>path{fill:red}</style><path'), 'holds a style or an animation of its own'],
  [ICON.replace('<path', '<animate attributeName="opacity"/><path'), 'holds a style or an animation of its own'],
  [ICON.replace('<path', '<path id="shape"'), 'holds an id, which could clash with the page or another icon'],
  [ICON.replace('<path d', '<image href="https://evil.example/x.png"/><path d'), 'names another file'],
  [ICON.replace('<path', '<text x="0" y="20">ZENIT</text><path'), 'holds text, drawn in whatever font the visitor has'],
])('%s is refused: %s', (markup, reason) => {
  expect(inlineIconProblem(markup)).toBe(reason);
});

test('a plain one-colour icon is accepted', () => {
  expect(inlineIconProblem(ICON)).toBeNull();
});

test('every icon of the repository can be inlined, keyed by folder and file', () => {
  const icons = readInlineIcons(path.join(__dirname, '../../..', '..', 'static', 'icons'));
  expect(Object.keys(icons)).toEqual(
    expect.arrayContaining(['preloader/zenit-ring.svg', 'logos/zenbet.svg', 'apps/ios.svg', 'social/telegram.svg']),
  );
  expect(Object.keys(icons).some((key) => key.startsWith('payments/'))).toBe(false);
});

test('a bad file fails with its path and the reason', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icons-'));
  for (const folder of INLINE_ICON_FOLDERS) fs.mkdirSync(path.join(dir, folder));
  fs.writeFileSync(path.join(dir, 'social', 'vk.svg'), ICON.replace('<path', '<path onload="x()"'));
  expect(() => readInlineIcons(dir)).toThrow(
    'static/icons/social/vk.svg holds an event handler attribute: it cannot be written into the page',
  );
});
