import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayments, fakeBankAccounts, startFakePayments } from '../server/test/fake-payments.ts';
import { callApi, verifiedAccount } from './support/api.ts';
import { chromiumArgs, chromiumPath, signIn, socketConnected, viewports } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * Issue 25's story in Chromium: the built product pays withdrawals through a local fake of Paystack
 * Transfers. A user sets a payout account and withdraws on a phone, an admin approves on a desktop,
 * the transfer reaches the provider once, its webhook arrives, and the user's open page shows it paid
 * without a reload. Then a smaller withdrawal skips review, the provider fails it, and the money is
 * back on the same page.
 */

let server: RunningApp;
let provider: FakePayments;
let browser: Browser;
const admin = { email: 'payouts.admin@example.com', password: 'Pay0uts!Admin' };
const password = 'Str0ng!Pass';
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
// Guaranty Trust Bank 0123456789, named ADAEZE OKONKWO by both providers.
const bankAccount = fakeBankAccounts.find((candidate) => candidate.bankCode === '058');

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  provider = await startFakePayments();
  // Live behaviour: a transfer is pending once accepted, its outcome comes by webhook.
  provider.setTransferStart('paystack', 'pending');
  [server, browser] = await Promise.all([
    startApp({
      SEED_DEMO: '0',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PAYSTACK_SECRET_KEY: provider.env.PAYSTACK_SECRET_KEY,
      PAYSTACK_BASE_URL: provider.env.PAYSTACK_BASE_URL,
      // The test deposit funds the wallet; withdrawals still go to Paystack, the first provider set.
      PAYMENTS_DEV: '1',
    }),
    chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

function phoneContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
}

/** The main wallet's balance as the wallet page shows it ('₦15,000'). */
const mainBalance = (page: Page) =>
  page.getByRole('region', { name: 'Wallets' }).locator('p.tabular-nums').first().textContent();

/** The admin table's status cell (the badge, and the reason under it): its last column. */
const statusCell = (row: Locator) => row.getByRole('cell').last();

/** The bell's badge, read from its accessible name ('Notifications, 3 new'); 0 when it shows none. */
async function badge(page: Page): Promise<number> {
  const text = await page.getByRole('button', { name: /^Notifications/ }).textContent();
  return Number(/Notifications, (\d+)/.exec(text ?? '')?.[1] ?? 0);
}

/** The withdrawal's reference, read as its owner (the fake knows transfers only by it). */
async function referenceOf(token: string, index: number): Promise<string> {
  const { withdrawals } = await callApi<{ withdrawals: Array<{ reference: string }> }>(
    server,
    'GET',
    '/api/wallet/withdrawals',
    undefined,
    token,
  );
  const reference = withdrawals[index]?.reference;
  if (!reference) throw new Error(`no withdrawal at ${index}`);
  return reference;
}

/** The transfers the fake accepted for this reference, once the job queue has sent one. */
async function sentOnce(reference: string) {
  const sent = () => provider.transfers('paystack').filter((transfer) => transfer.reference === reference);
  await expect.poll(() => sent().length, { timeout: 20_000 }).toBeGreaterThan(0);
  // A moment more: a second send would show here.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sent();
}

/** Withdraws through the modal the wallet page's main card opens. */
async function withdraw(page: Page, amount: string, screenshot?: string) {
  await page
    .getByRole('region', { name: 'Wallets' })
    .getByRole('button', { name: 'Withdraw', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw to bank' });
  await dialog.waitFor();
  await dialog.getByText(bankAccount?.accountName ?? '').waitFor();
  await dialog.getByLabel('Amount (₦)').fill(amount);
  if (screenshot) await page.screenshot({ path: path.join(screenshots, screenshot) });
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

describe('a withdrawal to a Nigerian bank', () => {
  it('a user sets a payout account and withdraws, an admin approves, the webhook arrives, the user sees Paid; a later one fails and comes back', async () => {
    if (!bankAccount) throw new Error('the fake knows no GTBank account');
    const email = `adaeze.${Date.now()}@example.com`;
    const account = await verifiedAccount(server, { email, password, firstName: 'Adaeze' });
    await callApi(server, 'POST', '/api/wallet/deposit', { amount: 20_000, provider: 'dev' }, account.token);

    const phone = await phoneContext();
    const desk = await browser.newContext({ viewport: viewports.desktop });
    try {
      const page = await phone.newPage();
      const connected = socketConnected(page);
      await signIn(page, server.url, email, password);
      await connected;
      await page.goto(`${server.url}/wallet`);
      await page.getByRole('heading', { name: 'Wallet', exact: true }).waitFor({ timeout: 15_000 });
      await expect.poll(() => mainBalance(page), { timeout: 10_000 }).toBe('₦20,000');

      // 1. The payout account: the bank, the number, the provider's name for it, the password.
      const form = page.locator('form').filter({ has: page.getByLabel('Account number') });
      await form.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
      await form.getByLabel('Account number').pressSequentially(bankAccount.accountNumber);
      await form.getByText(`Account name: ${bankAccount.accountName}`).waitFor({ timeout: 15_000 });
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshots, 'withdrawals-account-form-phone.png') });
      await form.getByRole('button', { name: 'Save account' }).click();
      const masked = `******${bankAccount.accountNumber.slice(-4)}`;
      const saved = page.getByRole('button', { name: /^Change payout account/ });
      await saved.waitFor({ timeout: 15_000 });
      expect(await saved.getAttribute('aria-label')).toBe(
        `Change payout account (Guaranty Trust Bank ${masked})`,
      );
      await page.getByText(`Guaranty Trust Bank · ${masked}`).first().waitFor();
      expect(await page.getByText(bankAccount.accountNumber).count()).toBe(0);

      // 2. ₦5,000 out: the first withdrawal waits for review; the main wallet holds the rest.
      await withdraw(page, '5000', 'withdrawals-modal-phone.png');
      const rows = page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
      const first = rows.first();
      expect(await first.locator('[data-status]').textContent()).toBe('In review');
      expect(await first.textContent()).toContain('₦5,000');
      await expect.poll(() => mainBalance(page), { timeout: 10_000 }).toBe('₦15,000');
      await page.screenshot({ path: path.join(screenshots, 'withdrawals-review-phone.png'), fullPage: true });
      const reference = await referenceOf(account.token, 0);

      // 3. The admin approves it from the queue, on a desktop.
      const adminPage = await desk.newPage();
      await signIn(adminPage, server.url, admin.email, admin.password);
      await adminPage.goto(`${server.url}/admin/withdrawals`);
      const row = adminPage.getByRole('row').filter({ hasText: reference });
      await row.waitFor({ timeout: 15_000 });
      expect(await statusCell(row).textContent()).toMatch(/^In review/);
      expect(await row.textContent()).toContain(bankAccount.accountNumber);
      await adminPage.screenshot({ path: path.join(screenshots, 'withdrawals-admin-desktop.png') });
      await row.getByRole('button', { name: /^Approve / }).click();
      const confirm = adminPage.getByRole('alertdialog', { name: 'Approve this withdrawal?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Approve and pay' }).click();
      await confirm.waitFor({ state: 'hidden', timeout: 15_000 });
      // The row stays under the admin's eyes, changed in place, with no more Approve or Reject.
      await expect.poll(() => statusCell(row).textContent(), { timeout: 15_000 }).toBe('Processing');
      await adminPage.getByText('Withdrawal approved: the transfer is being sent.').waitFor();

      // 4. The job queue sends exactly one transfer; Paystack's signed transfer.success arrives.
      const transfers = await sentOnce(reference);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ amount: 500_000, accountNumber: bankAccount.accountNumber });
      await expect
        .poll(() => first.locator('[data-status]').textContent(), { timeout: 10_000 })
        .toBe('Processing');
      const unread = await badge(page);
      const webhook = `${server.url}/api/payments/paystack/webhook`;
      expect(
        await provider.deliverNotification(
          webhook,
          provider.settleTransfer('paystack', reference, 'success'),
        ),
      ).toEqual([200]);

      // 5. Paid on the open page (the socket), and a notification on the bell.
      await expect.poll(() => first.locator('[data-status]').textContent(), { timeout: 15_000 }).toBe('Paid');
      await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(unread + 1);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('region', { name: 'Notifications panel' });
      const notice = panel.getByRole('article').filter({ hasText: 'Withdrawal paid' }).first();
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.textContent()).toContain('₦5,000');
      await page.keyboard.press('Escape');
      expect(await mainBalance(page)).toBe('₦15,000');
      // The account and the list as the phone shows them, under the sticky header (at once: the
      // page scrolls smoothly, and a screenshot would catch it on the way).
      await page.evaluate(() =>
        document.getElementById('payout-account')?.scrollIntoView({ block: 'start', behavior: 'instant' }),
      );
      await page.screenshot({ path: path.join(screenshots, 'withdrawals-paid-list-phone.png') });
      await page.screenshot({ path: path.join(screenshots, 'withdrawals-paid-phone.png'), fullPage: true });

      // 6. A smaller one skips review now that one was paid; the provider fails it with its reason.
      await withdraw(page, '2000');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      const second = rows.first();
      await expect.poll(() => mainBalance(page), { timeout: 10_000 }).toBe('₦13,000');
      const failing = await referenceOf(account.token, 0);
      expect(failing).not.toBe(reference);
      // No review: the transfer went at once, and the row says so.
      expect(await sentOnce(failing)).toHaveLength(1);
      await expect
        .poll(() => second.locator('[data-status]').textContent(), { timeout: 10_000 })
        .toBe('Processing');
      const reason = 'Could not credit the beneficiary account';
      expect(
        await provider.deliverNotification(
          webhook,
          provider.settleTransfer('paystack', failing, 'failed', reason),
        ),
      ).toEqual([200]);
      await expect
        .poll(() => second.locator('[data-status]').textContent(), { timeout: 15_000 })
        .toBe('Failed');
      expect(await second.textContent()).toContain(`Why it failed: ${reason}`);
      await expect.poll(() => mainBalance(page), { timeout: 10_000 }).toBe('₦15,000');
      expect(await rows.nth(1).locator('[data-status]').textContent()).toBe('Paid');
      await page.screenshot({ path: path.join(screenshots, 'withdrawals-failed-phone.png'), fullPage: true });
      // With a reason and two rows, nothing makes the phone's page wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewports.phone.width);
      // On the narrowest phone a withdrawal's reference takes two lines: each history card grows to
      // hold it, and says whole where the money went (it was once cut, hidden under the date).
      await page.setViewportSize({ width: 320, height: 740 });
      const history = page.getByRole('list', { name: 'Transactions' });
      await page.evaluate(() =>
        document.getElementById('history-title')?.scrollIntoView({ block: 'start', behavior: 'instant' }),
      );
      await page.screenshot({ path: path.join(screenshots, 'withdrawals-history-320.png') });
      const cut = await history.evaluate((list) =>
        [...list.querySelectorAll('li, li p')]
          .filter((element) => element.scrollHeight > element.clientHeight + 1)
          .map((element) => element.textContent),
      );
      expect(cut).toEqual([]);
      await history.getByText(`Withdrawal to Guaranty Trust Bank ${masked}`).first().waitFor();

      // The admin's list of every status shows both as the provider left them.
      await adminPage.goto(`${server.url}/admin/withdrawals?status=all`);
      await adminPage.getByRole('row').filter({ hasText: failing }).waitFor({ timeout: 15_000 });
      const adminRow = (of: string) => adminPage.getByRole('row').filter({ hasText: of });
      expect(await statusCell(adminRow(failing)).textContent()).toBe(`Failed${reason}`);
      expect(await statusCell(adminRow(reference)).textContent()).toBe('Paid');
      await adminPage.screenshot({ path: path.join(screenshots, 'withdrawals-admin-all-desktop.png') });
      // The same list as cards on an admin's phone, nothing wider than it.
      await adminPage.setViewportSize(viewports.phone);
      await adminPage.getByRole('list', { name: 'Withdrawals' }).getByText(failing).waitFor();
      await adminPage.screenshot({
        path: path.join(screenshots, 'withdrawals-admin-all-phone.png'),
        fullPage: true,
      });
      expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBe(
        viewports.phone.width,
      );
    } finally {
      await phone.close();
      await desk.close();
    }
  });
});
