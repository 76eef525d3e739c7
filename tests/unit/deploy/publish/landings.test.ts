import { diffLandings, landingOfPageData, sampleLandings } from '../../../../deploy/publish/landings';
import { servedToOldTabs } from '../../../../deploy/publish/old-tabs';

describe("a build's landings", () => {
  it('are the page data of brand/country/slug pages, not the root, the 404 page, variants or static queries', () => {
    expect(landingOfPageData('page-data/zenit/ru/bonus20000/page-data.json')).toBe('zenit/ru/bonus20000');
    expect(landingOfPageData('page-data/index/page-data.json')).toBeUndefined();
    expect(landingOfPageData('page-data/404.html/page-data.json')).toBeUndefined();
    expect(landingOfPageData('page-data/zenbet/br/_variant/exp/b/bonus/page-data.json')).toBeUndefined();
    expect(landingOfPageData('page-data/sq/d/123.json')).toBeUndefined();
  });

  it('differ by added, changed and removed landings', () => {
    const before = { 'zenit/ru/a': '111', 'zenit/ru/b': '222', 'cupis/ru/c': '333' };
    const after = { 'zenit/ru/a': '111', 'zenit/ru/b': '999', 'zenbet/br/d': '444' };
    expect(diffLandings(before, after)).toEqual({ added: ['zenbet/br/d'], changed: ['zenit/ru/b'], removed: ['cupis/ru/c'] });
  });

  it('are sampled once per brand, skipping landings that are over', () => {
    const landings = { 'zenit/ae/a': '1', 'zenit/ru/b': '2', 'cupis/ru/c': '3', 'zenbet/br/d': '4' };
    expect(sampleLandings(landings, new Set(['zenit/ae/a']))).toEqual(['cupis/ru/c', 'zenbet/br/d', 'zenit/ru/b']);
  });
});

describe('what a later release keeps answering for old tabs', () => {
  it.each([
    ['app-3f9a2c1b7d8e4f6a0b1c.js', true],
    ['component---src-templates-landing-tsx-0123456789abcdef0123.js', true],
    ['styles.0123456789abcdef0123.css', true],
    ['static/d/123/photo.webp', true],
    ['page-data/sq/d/3159585216.json', true],
    ['sw.js', false],
    ['zenit/ru/bonus20000/index.html', false],
    ['page-data/zenit/ru/bonus20000/page-data.json', false],
    ['page-data/app-data.json', false],
    ['app-3f9a2c1b7d8e4f6a0b1c.js.map', false],
  ])('%s: %s', (file, kept) => {
    expect(servedToOldTabs(file)).toBe(kept);
  });
});
