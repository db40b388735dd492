import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { phoneMessages } from '@cashtips/contract/phone';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, whenHydrated } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

// The register form's phone in Chromium with the location service down (the e2e server runs with
// GEO_URL=off): the picker's country comes from the browser, and numbers that cannot exist are refused.

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp();
});
afterAll(async () => {
  await server?.stop();
});

const password = 'Sup3r!Secret';

/** The register form filled but for the phone, which is typed key by key as a person does. */
async function fillRegisterForm(page: Page, email: string, phone: string) {
  await page.goto(`${server.url}/register`);
  await whenHydrated(page);
  await page.getByRole('heading', { name: 'Create your account', exact: true }).waitFor();
  await page.getByLabel('First name').fill('Chioma');
  await page.getByLabel('Last name').fill('Eze');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Phone number').click();
  await page.keyboard.press('End');
  await page.keyboard.type(phone, { delay: 20 });
}

const countryShown = (page: Page) =>
  page.getByRole('combobox', { name: 'Country selector' }).getAttribute('data-country');

describe('the phone number on the register form, location service down', () => {
  it('in Lagos shows Nigeria, and 0803 123 4567 registers as +2348031234567', async () => {
    const { page, close } = await openBrowser('phone', { timezoneId: 'Africa/Lagos', locale: 'en-US' });
    const email = `chioma.lagos.${Date.now()}@example.com`;
    try {
      await page.goto(`${server.url}/register`);
      await whenHydrated(page);
      await expect.poll(() => countryShown(page), { timeout: 10_000 }).toBe('ng');
      await fillRegisterForm(page, email, '0803 123 4567');
      await page.screenshot({ path: path.join(screenshots, 'register-phone-lagos.png'), fullPage: true });
      const sentAt = Date.now() - 1000;
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page
        .getByText(/Wait \d+s/)
        .first()
        .waitFor();

      await page.getByLabel('Email verification code (OTP)').fill(await server.latestCode(email, sentAt));
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Account verified! Redirecting to login...').waitFor();

      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { phone: string } }).user.phone).toBe('2348031234567');
    } finally {
      await close();
    }
  });

  it('in the US, a Nigerian national number gets the field error and no code is sent', async () => {
    const { page, close } = await openBrowser('phone', { timezoneId: 'America/New_York', locale: 'en-US' });
    const email = `chioma.newyork.${Date.now()}@example.com`;
    try {
      await page.goto(`${server.url}/register`);
      await whenHydrated(page);
      await page.getByLabel('Phone number').waitFor();
      await fillRegisterForm(page, email, '0803 123 4567');
      expect(await countryShown(page)).toBe('us');
      await page.getByRole('button', { name: 'Send OTP' }).click();

      const message = phoneMessages.nationalNumberFor('United States', '1');
      // It once failed in CI with nothing to go on (2026-12-07): a failure now keeps a picture and says
      // what the form showed instead.
      await page
        .getByText(message)
        .waitFor()
        .catch(async (error: Error) => {
          await page.screenshot({
            path: path.join(screenshots, 'register-phone-us-failed.png'),
            fullPage: true,
          });
          const shown = await page.locator('[role="alert"], [aria-invalid="true"]').allTextContents();
          const typed = await page.getByLabel('Phone number').inputValue();
          throw new Error(
            `${error.message}\nthe form showed ${JSON.stringify(shown)}; the phone field held "${typed}"`,
          );
        });
      const phone = page.getByLabel('Phone number');
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.screenshot({
        path: path.join(screenshots, 'register-phone-national-under-us.png'),
        fullPage: true,
      });
      // Nothing reached the server: no account, no mail.
      await expect(server.latestCode(email)).rejects.toThrow();
    } finally {
      await close();
    }
  });

  // Twice failed in CI (2026-12-07): on a busy machine the tap reached the server-rendered field, whose
  // replacement then took the focus away, and the number typed next went nowhere.
  it('on a slow phone (CPU 6x), a number typed right after a tap at the first chance reaches the field', async () => {
    const { page, close } = await openBrowser('phone', { timezoneId: 'Africa/Lagos', locale: 'en-US' });
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto(`${server.url}/register`);
      await whenHydrated(page);
      await page.getByLabel('Phone number').click();
      await page.keyboard.press('End');
      await page.keyboard.type('0803 123 4567', { delay: 20 });
      await expect.poll(() => page.getByLabel('Phone number').inputValue()).toBe('+234 8031234567');
      expect(await countryShown(page)).toBe('ng');
    } finally {
      await close();
    }
  });
});
