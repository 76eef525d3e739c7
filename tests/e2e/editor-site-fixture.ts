/**
 * What the editor's browser specs share: the editor on a built copy of its own for each spec file,
 * every request that would leave this machine aborted, and an entry opened as a marketer opens it.
 */
import { expect, test, type Page } from '@playwright/test';
import { startEditorSite, type EditorSite, type EditorSiteOptions } from '../../scripts/editor-site';

/** A save's answer waits for the build's table checks, which a busy machine takes seconds over. */
export const answered = expect.configure({ timeout: 60_000 });

/**
 * Starts the editor's site before the file's tests (`startLimitMs` for its copy and build) and stops it
 * after them. The handle reads through to the started site, so tests use it as they would the site.
 */
export function useEditorSite(options: EditorSiteOptions = {}, startLimitMs = 120_000): EditorSite {
  let started: EditorSite | undefined;
  test.beforeAll(async () => {
    test.setTimeout(startLimitMs);
    started = await startEditorSite(options);
  });
  test.afterAll(async () => started?.stop());
  test.beforeEach(async ({ page }) => {
    await page.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => route.abort('blockedbyclient'));
  });
  return new Proxy({} as EditorSite, {
    get: (_handle, key) => {
      if (!started) throw new Error('the editor site has not started');
      return Reflect.get(started, key);
    },
  });
}

/** Opens an entry of the editor afresh and waits for the field named `ready`, logging in on the first visit. */
export async function openEntry(page: Page, site: EditorSite, entry: string, ready: string): Promise<void> {
  // A fresh load: going from one entry to another by the address's hash alone keeps Decap's old draft.
  await page.goto('about:blank');
  await page.goto(`${site.url}/__admin/#/collections/${entry}`);
  // The first visit asks to log in (the local backend has no password); later ones go straight to the entry.
  const login = page.getByRole('button', { name: 'Login' });
  const field = page.getByLabel(ready, { exact: true });
  await expect(login.or(field)).toBeVisible({ timeout: 90_000 });
  if (await login.isVisible()) await login.click();
  await expect(field).toBeVisible({ timeout: 90_000 });
}
