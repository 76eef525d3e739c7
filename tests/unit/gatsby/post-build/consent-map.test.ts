/**
 * nginx's map of whether a visitor's choice allows tracking (gatsby/post-build/experiment-files.ts), read
 * as nginx reads a map (exact strings first, then the patterns in order, else the default ""), gives the
 * answers of the consent rule's table: written here by hand, as tests/unit/domain/consent.test.ts has it.
 */
import { consentedMapEntries } from '../../../../gatsby/post-build/experiment-files';

function nginxMap(entries: string[], key: string): string {
  const parsed = entries.map((entry) => {
    const [, quoted, value] = /^"([^"]*)" (1|"");$/.exec(entry) ?? [];
    if (quoted === undefined) throw new Error(`not a map entry: ${entry}`);
    return { key: quoted, value: value === '1' ? '1' : '' };
  });
  const exact = parsed.find((entry) => !entry.key.startsWith('~') && entry.key === key);
  if (exact) return exact.value;
  const pattern = parsed.find((entry) => entry.key.startsWith('~') && new RegExp(entry.key.slice(1)).test(key));
  return pattern ? pattern.value : '';
}

test.each([
  ['opt-in', '', ''],
  ['opt-in', 'accept', '1'],
  ['opt-in', 'refuse', ''],
  ['opt-in', 'yes', ''],
  ['opt-out', '', '1'],
  ['opt-out', 'accept', '1'],
  ['opt-out', 'refuse', ''],
  ['opt-out', 'refused', '1'],
  ['none', '', '1'],
  ['none', 'refuse', '1'],
  // An address of no experiment has no mode: nothing to assign there.
  ['', 'accept', ''],
])('a %s market with the cookie "%s": allowed is "%s"', (mode, cookie, allowed) => {
  expect(nginxMap(consentedMapEntries(), `${mode}:${cookie}`)).toBe(allowed);
});
