import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type ViewportName } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp();
});
afterAll(async () => {
  await server?.stop();
});

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });

/**
 * Routes are lazy: the address changes before the next screen replaces the current one, so a
 * story waits for the new screen's heading before it types anything.
 */
async function arriveAt(page: Page, url: string, heading: string, timeout = 10_000) {
  await page.waitForURL(url, { timeout });
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout });
}

async function expectVisible(page: Page, text: string | RegExp, timeout = 10_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Registers and verifies through the API, as a returning user would have done before. */
async function existingUser(email: string, password: string) {
  const register = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Tunde', lastName: 'Bakare', email, phone: '2348031234567', password }),
  });
  expect(register.status).toBe(201);
  const otp = await server.latestCode(email);
  const verify = await fetch(`${server.url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp }),
  });
  expect(verify.status).toBe(200);
}

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it('a new user signs up, logs in, is greeted by first name, and logs out', async () => {
    const { page, close } = await openBrowser(viewport);
    const email = `ada.${viewport}.${Date.now()}@example.com`;
    const password = 'Sup3r!Secret';
    try {
      await page.goto(server.url);
      await page.getByRole('link', { name: 'Get Started' }).first().click();
      await arriveAt(page, '**/register', 'Create your account');

      const register = page.getByRole('button', { name: 'Register' });
      expect(await register.isDisabled()).toBe(true);

      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Okonkwo');
      await page.getByLabel('Email', { exact: true }).fill(email);
      // Typed key by key, as a person does: the phone input formats as it goes.
      const phone = page.getByLabel('Phone number');
      await phone.fill('');
      await phone.pressSequentially('+2348031234567');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await shoot(page, `register-filled-${viewport}`);
      const sentAt = Date.now() - 1000;
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await expectVisible(page, /Wait \d+s/);
      expect(await register.isDisabled()).toBe(false);

      const otp = await server.latestCode(email, sentAt);
      await page.getByLabel('Email verification code (OTP)').fill(otp);
      await register.click();
      await expectVisible(page, 'Account verified! Redirecting to login...');
      await arriveAt(page, '**/login', 'Welcome back', 6000);

      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await arriveAt(page, '**/dashboard', 'Welcome back, Ada');
      await expectVisible(page, 'Logged in successfully');
      await shoot(page, `dashboard-${viewport}`);
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();

      // The app leaves at once and tells the server on the way out: the check below waits for that call.
      const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
      } else {
        await page.getByRole('button', { name: /Account menu/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      }
      await page.waitForURL('**/login');
      await expectVisible(page, 'Logged out successfully');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // The server ended the session too: the old token is refused.
      expect((await loggedOut).status()).toBe(200);
      const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(401);

      await page.goto(`${server.url}/dashboard`);
      await page.waitForURL('**/login');
    } finally {
      await close();
    }
  });

  it('a user who forgot the password resets it and logs in with the new one', async () => {
    const email = `tunde.${viewport}.${Date.now()}@example.com`;
    await existingUser(email, 'Old!Passw0rd');
    const { page, close } = await openBrowser(viewport);
    try {
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await arriveAt(page, '**/forgot-password', 'Forgot your password?');
      const requestedAt = Date.now() - 1000;
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await arriveAt(page, '**/reset-password**', 'Reset your password');

      const otp = await server.latestCode(email, requestedAt);
      await page.getByLabel('OTP').fill(otp);
      await page.getByLabel('New password').fill('New!Passw0rd');
      await shoot(page, `reset-${viewport}`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await arriveAt(page, '**/login', 'Welcome back', 6000);

      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('New!Passw0rd');
      await page.getByRole('button', { name: 'Login' }).click();
      await arriveAt(page, '**/dashboard', 'Welcome back, Tunde');
    } finally {
      await close();
    }
  });
});
