import type { Withdrawal, WithdrawalStatus } from '@cashtips/contract/payouts';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, ledgerTransactions, withdrawals } from '../src/db/schema/index.ts';
import { bearer, devDeposit, signUpAndLogin, type TestApp } from './test-app.ts';

/** Helpers of the money-out tests (issue 25). */

export type TestUser = Awaited<ReturnType<typeof signUpAndLogin>>;

export function putPayoutAccount(
  t: TestApp,
  user: Pick<TestUser, 'token' | 'password'>,
  account: { bankCode?: string; accountNumber?: string; password?: string; code?: string } = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/wallet/payout-account',
    headers: bearer(user.token),
    payload: {
      bankCode: account.bankCode ?? '058',
      accountNumber: account.accountNumber ?? '0123456789',
      password: account.password ?? user.password,
      ...(account.code === undefined ? {} : { code: account.code }),
    },
  });
}

export function withdraw(t: TestApp, token: string, amount: number | string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });
}

/** A withdrawal that must be accepted: its view. */
export async function withdrawOk(
  t: TestApp,
  token: string,
  amount: number,
  key?: string,
): Promise<Withdrawal> {
  const response = await withdraw(t, token, amount, key);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { withdrawal: Withdrawal }).withdrawal;
}

/** A signed-in user with `naira` in the main wallet and a payout account that can be paid at once. */
export async function fundedUser(
  t: TestApp,
  naira: number,
  account: { bankCode?: string; accountNumber?: string } = {},
): Promise<TestUser> {
  const user = await signUpAndLogin(t);
  if (naira > 0) await devDeposit(t, user.token, naira);
  const saved = await putPayoutAccount(t, user, account);
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

export async function withdrawalRow(t: TestApp, id: string) {
  const row = await t.database.db.query.withdrawals.findFirst({ where: eq(withdrawals.id, id) });
  if (!row) throw new Error(`no withdrawal ${id}`);
  return row;
}

export function adminCall(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

export async function approveOk(t: TestApp, adminToken: string, id: string) {
  const response = await adminCall(t, adminToken, 'POST', `/api/admin/withdrawals/${id}/approve`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

export async function waitForStatus(t: TestApp, id: string, status: WithdrawalStatus) {
  await expect.poll(async () => (await withdrawalRow(t, id)).status, { timeout: 15_000 }).toBe(status);
}

/** Everything the ledger holds, to prove a refusal moved nothing. */
export async function ledgerSize(t: TestApp) {
  const [transactions] = await t.database.db.select({ value: count() }).from(ledgerTransactions);
  const [entries] = await t.database.db.select({ value: count() }).from(ledgerEntries);
  return { transactions: transactions?.value ?? 0, entries: entries?.value ?? 0 };
}

/** The ledger transactions of one kind for one withdrawal's reference (each must happen at most once). */
export async function movementsOf(
  t: TestApp,
  reference: string,
  kind: 'withdrawal' | 'payout' | 'withdrawal_return',
) {
  const rows = await t.database.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, reference));
  return rows.filter((row) => row.kind === kind).length;
}
