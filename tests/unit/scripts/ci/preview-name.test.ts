/** scripts/ci/preview-name.ts: a branch's preview name is one host name label, the same for the same branch. */
import { previewName } from '../../../../scripts/ci/preview-name';

test("an editor's branch becomes its label: lower case, each run of other characters one hyphen", () => {
  expect(previewName('cms/promotions/zenbet-br-bonus35000_betgold')).toBe('cms-promotions-zenbet-br-bonus35000-betgold');
  expect(previewName('Feature/US-Open')).toBe('feature-us-open');
  expect(previewName('--fix--')).toBe('fix');
});

test('a long branch is cut to 63 characters and keeps a hash of the whole, so two long branches differ', () => {
  const stem = 'cms/promotions/'.concat('zenit-ru-'.repeat(8));
  const [a, b] = [previewName(`${stem}bonus20000`), previewName(`${stem}freebet30`)];
  for (const name of [a, b]) expect(name).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/);
  expect(a).toHaveLength(63);
  expect(a).not.toBe(b);
  expect(previewName(`${stem}bonus20000`)).toBe(a);
});

test('a branch with no letter or digit has no name', () => {
  expect(() => previewName('/_/')).toThrow('no letter or digit');
});
