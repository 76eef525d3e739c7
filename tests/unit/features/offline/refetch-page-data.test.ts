import { pageDataUrls } from '../../../../src/features/offline/refetch-page-data';

describe('page data the offline worker is asked to cache', () => {
  const origin = 'http://localhost:9000';
  it('keeps page data, app data and static query results under the base path, once each', () => {
    expect(
      pageDataUrls(
        [
          `${origin}/promo/page-data/zenit/ru/freebet30/page-data.json`,
          `${origin}/promo/page-data/app-data.json`,
          `${origin}/promo/page-data/sq/d/1839314095.json`,
          `${origin}/promo/page-data/app-data.json`,
          `${origin}/promo/app-3f9a2c1b7d8e4f6a0b1c.js`,
          `${origin}/ajax/data/country?lang_id=1`,
          `https://example.com/promo/page-data/app-data.json`,
          `${origin}/page-data/app-data.json`,
        ],
        origin,
        '/promo',
      ),
    ).toEqual([
      `${origin}/promo/page-data/zenit/ru/freebet30/page-data.json`,
      `${origin}/promo/page-data/app-data.json`,
      `${origin}/promo/page-data/sq/d/1839314095.json`,
    ]);
  });
});
