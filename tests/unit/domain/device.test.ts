import { deviceFromUserAgent } from '../../../src/domain/device';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
};

describe('deviceFromUserAgent (spec 2 "Links to the main site": mobile pages live under /m)', () => {
  test.each([
    ['an iPhone', UA.iphone, 'mobile'],
    ['an Android phone', UA.androidPhone, 'mobile'],
    ['Opera Mini', UA.operaMini, 'mobile'],
    ['Chrome on Windows', UA.windowsChrome, 'desktop'],
    ['Safari on a Mac', UA.macSafari, 'desktop'],
    ['Firefox on Linux', UA.linuxFirefox, 'desktop'],
  ])('spec 2: %s gets %s links', (_what, ua, expected) => {
    expect(deviceFromUserAgent(ua)).toBe(expected);
  });

  test.each([
    ['says mobile on a desktop user agent', UA.windowsChrome, true, 'mobile'],
    ['says not mobile on a phone user agent', UA.androidPhone, false, 'desktop'],
    ['says mobile on a phone user agent', UA.iphone, true, 'mobile'],
    ['says not mobile on a desktop user agent', UA.macSafari, false, 'desktop'],
  ])('spec 2: when the browser’s client hint %s, the hint decides', (_what, ua, hint, expected) => {
    expect(deviceFromUserAgent(ua, hint)).toBe(expected);
  });
});
