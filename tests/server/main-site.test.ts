import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

const HOSTILE = '"><script>alert(1)</script>';

describe('main-site pages the landings link to', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  it.each([
    ['/', 'Main site: home (desktop)'],
    ['/?login_form', 'Main site: home (desktop)'],
    ['/m', 'Main site: home (mobile)'],
    ['/m/login', 'Main site: login (mobile)'],
    ['/registration', 'Main site: registration (desktop)'],
    ['/registration/phone', 'Main site: registration (desktop, by phone)'],
    ['/m/registration', 'Main site: registration (mobile)'],
    ['/m/registration/phone', 'Main site: registration (mobile, by phone)'],
    ['/company/support', 'Main site: support (desktop)'],
    ['/m/company/support', 'Main site: support (mobile)'],
    ['/feedback', 'Main site: feedback (desktop)'],
    ['/m/feedback', 'Main site: feedback (mobile)'],
    ['/casino/book_of_ra', 'Main site: casino game (desktop)'],
    ['/m/casino/book_of_ra', 'Main site: casino game (mobile)'],
    ['/casino/play/book_of_ra?mode=demo', 'Main site: casino game player (desktop)'],
    ['/m/recovery', 'Main site: password recovery (mobile)'],
    ['/mobile_app/android', 'Main site: Android app (desktop)'],
    ['/application/ios', 'Main site: iOS app (desktop)'],
    ['/line/football/118_premier-league/48201101_arsenal-chelsea', 'Main site: sports line (desktop)'],
    ['/m/line/football/118_premier-league/48201101_arsenal-chelsea', 'Main site: sports line (mobile)'],
    ['/en/?reg_form', 'Main site: home (desktop, language en)'],
    ['/br/registration/phone', 'Main site: registration (desktop, by phone, language br)'],
    ['/m/en/login', 'Main site: login (mobile, language en)'],
    ['/m/br/registration/phone', 'Main site: registration (mobile, by phone, language br)'],
    ['/en/application/ios', 'Main site: iOS app (desktop, language en)'],
    ['/m/en/casino/aviator', 'Main site: casino game (mobile, language en)'],
  ])('%s is "%s"', async (url, title) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body).toContain(`<h1>${title}</h1>`);
  });

  it('lists the query parameters and names the form flags', async () => {
    const response = await app.inject({
      url: '/?login_form&promo_code=ZBONUS20K&country_id=643&lang_id=1&sourceScreen=landing',
    });
    expect(response.body).toContain('Opens: login form');
    expect(response.body).toContain('<code>promo_code</code> = <code>ZBONUS20K</code>');
    expect(response.body).toContain('<code>sourceScreen</code> = <code>landing</code>');
    for (const [flag, name] of [
      ['reg_form', 'registration form'],
      ['regForm', 'registration form'],
      ['pass_forgot', 'password recovery form'],
    ]) {
      expect((await app.inject({ url: `/?${flag}` })).body).toContain(`Opens: ${name}`);
    }
  });

  it('escapes hostile query keys, values and path parameters', async () => {
    const encoded = encodeURIComponent(HOSTILE);
    const urls = [
      `/?promo_code=${encoded}`,
      `/m/registration/phone?${encoded}=${encoded}`,
      `/casino/${encoded}`,
      `/line/${encoded}/x`,
      `/casino/play/game?home_url=${encodeURIComponent('/promo/"><img src=x onerror=alert(1)>')}`,
      `/casino/play/game?home_url=${encodeURIComponent('javascript:alert(1)')}`,
      `/m/en/feedback?x=${encodeURIComponent("'onmouseover='alert(1)")}`,
    ];
    for (const url of urls) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>');
      expect(response.body).not.toContain('<img');
      expect(response.body).not.toContain("'onmouseover='");
      expect(response.body).not.toContain('href="javascript:');
    }
    const page = await app.inject({ url: `/?promo_code=${encoded}` });
    expect(page.body).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('offers an exit link back to a safe home_url', async () => {
    const response = await app.inject({ url: '/casino/play/book_of_ra?mode=demo&home_url=%2Fpromo%2Fzenit%2Fru%2Fslot_machine%2F' });
    expect(response.body).toContain('<a id="home-url" href="/promo/zenit/ru/slot_machine/">');
  });

  it('answers an HTML 404 for other paths and for prefixes that are not languages', async () => {
    for (const url of ['/nowhere/at/all', '/english/registration', '/m/EN/login', '/favicon.ico']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Main site: page not found');
    }
  });

  it('answers HEAD on pages', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/m/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it.each([
    ['/ajax/mobile_app/download/', 'zenit.apk', 'application/vnd.android.package-archive'],
    ['/ajax/mobile_app/download', 'zenit.apk', 'application/vnd.android.package-archive'],
    ['/ajax/windows_app/download', 'zenit-setup.exe', 'application/vnd.microsoft.portable-executable'],
  ])('%s downloads %s', async (url, filename, type) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(response.rawPayload.length).toBeGreaterThan(0);
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe(filename.endsWith('.apk') ? 'PK' : 'MZ');
  });
});
