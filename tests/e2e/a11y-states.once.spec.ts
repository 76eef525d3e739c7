/**
 * Accessibility: axe-core on one landing per brand and one right-to-left landing, in the
 * states a visitor brings about: the registration form open by phone and by e-mail, the form showing
 * its validation errors, and the promotion rules open in their dialog. No serious or critical
 * violation in any of them (landing.spec.ts covers the pages as they first appear).
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, seriousA11yViolations, test, waitForPreloaderToLift } from './fixtures';

const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../data/i18n/${language}.json`), 'utf8'));

const LANDINGS = [
  { path: '/promo/zenit/ru/bonus30000/', language: 'ru', dir: 'ltr' },
  { path: '/promo/zenbet/en/freebet30/', language: 'en', dir: 'ltr' },
  { path: '/promo/cupis/ru/freebet30/', language: 'ru', dir: 'ltr' },
  { path: '/promo/zenit/ae/bonus30000/', language: 'ae', dir: 'rtl' },
] as const;

async function expectNoSeriousViolations(page: Page, state: string) {
  expect(await seriousA11yViolations(page), `serious or critical axe violations with ${state}`).toEqual([]);
}

for (const landing of LANDINGS) {
  test.describe(`${landing.path} (${landing.dir})`, () => {
    // axe over a whole landing takes several seconds on the shared test machine; two or three runs per test.
    test.describe.configure({ timeout: 120_000 });
    const t = texts(landing.language);

    test.beforeEach(async ({ page, consoleErrors }) => {
      void consoleErrors; // keeps third-party hosts (captcha, tag manager) out of the run
      await page.goto(landing.path);
      await waitForPreloaderToLift(page);
      await expect(page.locator('html')).toHaveAttribute('dir', landing.dir);
    });

    async function openForm(page: Page) {
      await page.locator('#offer a:visible').first().click();
      const form = page.locator('#registration form');
      await expect(form.getByLabel(t['reg.password'])).toBeVisible({ timeout: 15_000 });
      return form;
    }

    test('registration form by phone, then with its errors shown', async ({ page }) => {
      const form = await openForm(page);
      await expect(form.getByLabel(t['reg.phone'])).toBeVisible();
      await expectNoSeriousViolations(page, 'the phone form open');

      await form.getByRole('button', { name: t['reg.submit'] }).click();
      await expect(form.getByRole('alert').first()).toBeVisible();
      await expect(form.getByLabel(t['reg.phone'])).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, 'the phone form showing its errors');
    });

    test('registration form by e-mail, then with its errors shown', async ({ page }) => {
      const form = await openForm(page);
      await form.getByRole('button', { name: t['reg.byEmail'] }).click();
      await expect(form.getByLabel(t['reg.email'])).toBeVisible();
      await expectNoSeriousViolations(page, 'the e-mail form open');

      await form.getByLabel(t['reg.email']).fill('not-an-address');
      await form.getByLabel(t['reg.password']).fill('.x');
      await form.getByRole('button', { name: t['reg.submit'] }).click();
      await expect(form.getByLabel(t['reg.email'])).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(t['reg.password'])).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'the e-mail form showing its errors');
    });

    test('promotion rules open in their dialog', async ({ page }) => {
      await page.getByRole('button', { name: t['links.rules'] }).click();
      const dialog = page.getByRole('dialog', { name: t['rules.title'] });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t['rules.loading'])).toHaveCount(0, { timeout: 10_000 });
      await expectNoSeriousViolations(page, 'the rules dialog open');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
}
