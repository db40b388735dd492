import { DATA_EXPORTS_PER_HOUR, dataRightsMessages } from '@cashtips/contract/data-rights';
import { payoutMessages } from '@cashtips/contract/payouts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor } from '../../../test/content.ts';
import { putPayoutAccount, withdrawOk } from '../../../test/payouts.ts';
import {
  adminEnv,
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  strongPassword,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';
import { auditLog, depositLimits, pushSubscriptions, sessions, users } from '../../db/schema/index.ts';
import { totpAt } from '../auth/totp.ts';
import { findLedgerAnomalies, noLedgerAnomalies } from '../ledger/ledger.ts';
import { erasedIdentity } from './data-rights.service.ts';

let t: TestApp;
let admin: { token: string; userId: string };

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type TestUser = Awaited<ReturnType<typeof signUpAndLogin>>;

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload }),
  });

const exportData = (token: string) => call('GET', '/api/users/me/export', token);
const closeAccount = (token: string, payload: Record<string, unknown>) =>
  call('POST', '/api/users/me/delete', token, payload);
const checkClosing = (token: string, payload: Record<string, unknown>) =>
  call('POST', '/api/users/me/delete/check', token, payload);
const closingStatus = (token: string) => call('GET', '/api/users/me/closing', token);
const login = (email: string, password: string) =>
  call('POST', '/api/auth/login', undefined, { email, password });

/** Turns two-factor sign-in on: the secret (to compute codes) and the recovery codes. */
async function enableTwoFactor(token: string) {
  const setup = await call('POST', '/api/auth/2fa/setup', token);
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const enabled = await call('POST', '/api/auth/2fa/enable', token, { code: totpAt(secret, t.clock.now()) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  // The code just used is spent: the next one comes from the next time step.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** A referrer whose friend's first deposit earned them `bonus` naira (10% of it) in the bonus wallet. */
async function referrerWithBonus(bonus: number) {
  const referrer = await signUpAndLogin(t, uniqueEmail('referrer'));
  const friend = await signUpAndLogin(t, uniqueEmail('friend'), strongPassword, {
    referralCode: referrer.referralCode,
    firstName: 'Zainab',
    lastName: 'Bello',
  });
  await devDeposit(t, friend.token, bonus * 10);
  expect(await balances(t, referrer.token)).toMatchObject({ mainWallet: 0, bonusWallet: bonus });
  return { referrer, friend };
}

async function linkTelegramAndPush(userId: string, label: string) {
  const { db } = t.database;
  await db
    .update(users)
    .set({ telegramId: `${Date.now() % 1_000_000}${label.length}`, telegramUsername: `${label}_tg` })
    .where(eq(users.id, userId));
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.net/send/${label}-secret-path`,
    p256dh: `${label}-P256DH-SECRET`,
    auth: `${label}-AUTH-SECRET`,
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
    createdAt: t.clock.now(),
  });
}

/** Every wallet's balance summed, and each system account's: what money exists where. */
async function ledgerTotals() {
  const result = (await t.database.db.execute(sql`
    select coalesce(wallet_kind, system_account) as account, sum(amount_kobo)::text as total
    from ledger_entries group by 1`)) as unknown as { rows: { account: string; total: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.account, BigInt(row.total)]));
}

describe('GET /api/users/me/export', () => {
  it("holds the user's own records of every kind, as an attachment, and nothing of another user's or any secret", async () => {
    const { referrer: ada, friend } = await referrerWithBonus(800);
    const twoFactor = await enableTwoFactor(ada.token);
    const content = contentFor(t, admin.token);
    const codeId = await content.code([
      { teamA: 'Export FC', teamB: 'Rights United', prediction: '1', inHours: 5 },
    ]);
    const planId = await content.plan();
    await devDeposit(t, ada.token, 10_000);
    expect(
      (await call('POST', `/api/booking-codes/purchase/${codeId}`, ada.token, { walletType: 'main' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/rollover-subscribe', ada.token, { planId, walletType: 'main' })).statusCode,
    ).toBe(200);
    const totp = totpAt(twoFactor.secret, t.clock.now());
    expect((await putPayoutAccount(t, ada, { code: totp })).statusCode).toBe(200);
    const withdrawal = await withdrawOk(t, ada.token, 2_000);
    await linkTelegramAndPush(ada.userId, 'ada');
    await t.database.db.insert(depositLimits).values({
      userId: ada.userId,
      period: 'daily',
      amountKobo: 500_000n,
      effectiveAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const friendDeposit = await devDeposit(t, friend.token, 300);

    const response = await exportData(ada.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="cashtips-data-2026-11-21.json"',
    );
    const data = response.json();
    expect(data.profile).toMatchObject({
      id: ada.userId,
      email: ada.email,
      firstName: 'Chidi',
      closedAt: null,
    });
    expect(data.wallets).toEqual({ mainWallet: 7_000, bonusWallet: 800 });
    expect(data.ledgerEntries.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      'deposit',
      'purchase',
      'referral_bonus',
      'subscription',
      'withdrawal',
    ]);
    expect(data.deposits).toHaveLength(1);
    expect(data.deposits[0]).toMatchObject({ amount: 10_000, status: 'success', provider: 'dev' });
    expect(data.purchases).toEqual([expect.objectContaining({ bookmaker: 'SportyBet', price: 500 })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ price: 500, durationDays: 5 })]);
    expect(data.withdrawals).toEqual([
      expect.objectContaining({
        reference: withdrawal.reference,
        amount: 2_000,
        accountNumber: '0123456789',
      }),
    ]);
    expect(data.payoutAccounts).toEqual([expect.objectContaining({ accountNumber: '0123456789' })]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.activity.length).toBeGreaterThan(0);
    expect(data.depositLimits).toEqual([expect.objectContaining({ period: 'daily', amount: 5_000 })]);
    expect(data.telegram).toEqual({ telegramId: expect.any(String), telegramUsername: 'ada_tg' });
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({ pushService: 'https://push.example.net' }),
    ]);
    expect(data.referrals).toEqual({
      referralCode: ada.referralCode,
      referredByCode: null,
      referredUsers: 1,
    });
    expect(data.security).toEqual({ twoFactorEnabledAt: expect.any(String), recoveryCodesLeft: 10 });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.preferences).toMatchObject({ emailNotifications: true });
    expect(data.restriction).toBeNull();

    const text = response.body;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ada.userId));
    const secrets = [
      row?.passwordHash,
      row?.twoFactorSecret,
      twoFactor.secret,
      ...twoFactor.recoveryCodes,
      ada.token,
      'ada-P256DH-SECRET',
      'ada-AUTH-SECRET',
      'ada-secret-path',
    ];
    for (const secret of secrets) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/passwordHash|tokenHash|codeHash|p256dh|"auth"|twoFactorSecret/);
    // The referred friend is a count (and "Zainab B." as the wallet history names them), never an
    // email, phone, id or deposit.
    for (const other of [friend.email, friend.userId, 'Bello', friendDeposit.reference]) {
      expect(text).not.toContain(other);
    }
  });

  it(`answers ${DATA_EXPORTS_PER_HOUR} an hour, then 429 with Retry-After, and audits each download`, async () => {
    const user = await signUpAndLogin(t);
    for (let download = 1; download <= DATA_EXPORTS_PER_HOUR; download++) {
      expect((await exportData(user.token)).statusCode, `download ${download}`).toBe(200);
    }
    const limited = await exportData(user.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json()).toMatchObject({
      success: false,
      message: dataRightsMessages.exportLimited('60 minutes'),
    });

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.data-export'), eq(auditLog.targetId, user.userId)));
    expect(audited).toHaveLength(DATA_EXPORTS_PER_HOUR);
    expect(audited.every((entry) => entry.actorUserId === user.userId)).toBe(true);
    const activity = await call('GET', '/api/users/activity', user.token);
    expect(activity.json().items[0]).toMatchObject({ title: 'Your data was downloaded' });

    t.clock.advance(3_601_000);
    expect((await exportData(user.token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await exportData('')).statusCode).toBe(401);
  });
});

describe('POST /api/users/me/delete/check', () => {
  it('checks the password first (400 on the field), closing nothing', async () => {
    const user = await signUpAndLogin(t);
    const wrong = await checkClosing(user.token, { password: 'Not-the-password1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: payoutMessages.wrongPassword,
      errors: [{ field: 'password', message: payoutMessages.wrongPassword }],
    });
    const right = await checkClosing(user.token, { password: user.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ success: true, message: dataRightsMessages.closeChecked });
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.closedAt).toBeNull();
  });

  it('checks the second factor without spending it: the same code then closes the account', async () => {
    const user = await signUpAndLogin(t);
    const { secret, recoveryCodes } = await enableTwoFactor(user.token);
    const noCode = await checkClosing(user.token, { password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toContainEqual({ field: 'code', message: payoutMessages.codeRequired });
    const wrongCode = await checkClosing(user.token, { password: user.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors).toContainEqual({ field: 'code', message: payoutMessages.wrongCode });
    const wrongRecovery = await checkClosing(user.token, { password: user.password, code: 'abcde-23456' });
    expect(wrongRecovery.statusCode).toBe(400);

    const code = totpAt(secret, t.clock.now());
    expect((await checkClosing(user.token, { password: user.password, code })).statusCode).toBe(200);
    expect((await checkClosing(user.token, { password: user.password, code })).statusCode).toBe(200);
    const recovery = await checkClosing(user.token, { password: user.password, code: recoveryCodes[0] });
    expect(recovery.statusCode, recovery.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.twoFactorLastStep).toBeLessThan(Math.floor(t.clock.now().getTime() / 30_000));

    const closed = await closeAccount(user.token, { password: user.password, code });
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('counts against the password limit of the account, like other password checks (429)', async () => {
    const user = await signUpAndLogin(t);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await checkClosing(user.token, { password: `Wrong-pass${attempt}` })).statusCode).toBe(400);
    }
    const limited = await checkClosing(user.token, { password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses unknown fields, a missing password and a visitor', async () => {
    const user = await signUpAndLogin(t);
    expect((await checkClosing(user.token, {})).statusCode).toBe(400);
    expect((await checkClosing(user.token, { password: user.password, dryRun: true })).statusCode).toBe(400);
    expect((await checkClosing('', { password: user.password })).statusCode).toBe(401);
  });
});

describe('POST /api/users/me/delete', () => {
  it('refuses a wrong password (400), money in the main wallet and a withdrawal in progress (422), changing nothing', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 1_000);
    const before = await ledgerTotals();

    const wrong = await closeAccount(user.token, { password: 'Not-the-password1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(payoutMessages.wrongPassword);

    const withMoney = await closeAccount(user.token, { password: user.password });
    expect(withMoney.statusCode).toBe(422);
    expect(withMoney.json().message).toBe(dataRightsMessages.closeRefusedMainWallet('₦1,000'));

    expect((await putPayoutAccount(t, user)).statusCode).toBe(200);
    const withdrawal = await withdrawOk(t, user.token, 1_000);
    expect(withdrawal.status).toBe('review');
    const pending = await closeAccount(user.token, { password: user.password });
    expect(pending.statusCode).toBe(422);
    expect(pending.json().message).toBe(dataRightsMessages.closeRefusedWithdrawal);

    const me = await call('GET', '/api/auth/me', user.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: user.email, firstName: 'Chidi' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.closedAt).toBeNull();
    const after = await ledgerTotals();
    expect(after.main).toBe((before.main ?? 0n) - 100_000n);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('closes the account: bonus forfeited through the ledger, sessions ended, identity erased, the email free again', async () => {
    const { referrer: user } = await referrerWithBonus(500);
    await linkTelegramAndPush(user.userId, 'closing');
    const second = await login(user.email, user.password);
    expect(second.statusCode).toBe(200);
    const before = await ledgerTotals();
    const usersBefore = (await call('GET', '/api/admin/overview', admin.token)).json().users;

    const closed = await closeAccount(user.token, { password: user.password });
    expect(closed.statusCode, closed.body).toBe(200);
    // The admin overview counts open accounts only.
    const usersAfter = (await call('GET', '/api/admin/overview', admin.token)).json().users;
    expect([usersAfter.total, usersAfter.verified]).toEqual([
      usersBefore.total - 1,
      usersBefore.verified - 1,
    ]);
    expect(closed.json()).toEqual({ success: true, message: dataRightsMessages.accountClosed });

    // Every session is over, this one and the other device's.
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', second.json().token)).statusCode).toBe(401);
    // The old credentials fail exactly like an account that never existed.
    const oldLogin = await login(user.email, user.password);
    const unknownLogin = await login(uniqueEmail('nobody'), user.password);
    expect(oldLogin.statusCode).toBe(unknownLogin.statusCode);
    expect(oldLogin.json().message).toBe(unknownLogin.json().message);

    const { db } = t.database;
    const [row] = await db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({
      ...erasedIdentity(user.userId),
      telegramId: null,
      telegramUsername: null,
      emailNotifications: false,
    });
    expect(row?.closedAt).toEqual(t.clock.now());
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId)),
    ).toEqual([]);
    const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(
      sessionRows.every((session) => session.revokedAt && session.ip === null && session.userAgent === null),
    ).toBe(true);

    // Money: only the bonus moved, from the wallet to the forfeit account; the ledger holds together.
    const after = await ledgerTotals();
    expect(after.bonus).toBe((before.bonus ?? 0n) - 50_000n);
    expect(after['forfeit:closed-accounts']).toBe((before['forfeit:closed-accounts'] ?? 0n) + 50_000n);
    expect(after.main).toBe(before.main);
    expect(await findLedgerAnomalies(db)).toEqual(noLedgerAnomalies);
    const [forfeit] = (
      (await db.execute(sql`select count(*)::int as n from ledger_transactions t join ledger_entries e
        on e.transaction_id = t.id where t.kind = 'bonus_forfeit' and e.wallet_user_id = ${user.userId}::uuid`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(forfeit?.n).toBe(1);

    // The admin sees a closed account with no identity, and cannot find it by the old email.
    const detail = await call('GET', `/api/admin/users/${user.userId}`, admin.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().user).toMatchObject({
      email: erasedIdentity(user.userId).email,
      firstName: 'Closed',
      lastName: 'account',
      phone: '0000000',
      closedAt: t.clock.now().toISOString(),
      bonusWallet: 0,
      mainWallet: 0,
      telegramId: null,
    });
    const search = await call('GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`, admin.token);
    expect(search.json().users).toEqual([]);
    const audit = await call('GET', '/api/admin/audit-log?action=user.close', admin.token);
    const entry = (audit.json().entries as { targetId: string; after: unknown }[]).find(
      (item) => item.targetId === user.userId,
    );
    expect(entry?.after).toEqual({ forfeitedBonus: 500, sessionsEnded: 2 });
    expect(JSON.stringify(audit.json())).not.toContain(user.email);

    // The same email signs up again as a new account (once the sign-up code's 60 s have passed).
    t.clock.advance(61_000);
    const again = await signUpAndLogin(t, user.email);
    expect(again.userId).not.toBe(user.userId);
    expect(await balances(t, again.token)).toMatchObject({ mainWallet: 0, bonusWallet: 0 });
  });

  it('asks for the second factor when two-factor sign-in is on', async () => {
    const user = await signUpAndLogin(t);
    const { recoveryCodes } = await enableTwoFactor(user.token);
    const noCode = await closeAccount(user.token, { password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toContainEqual({ field: 'code', message: payoutMessages.codeRequired });
    const wrongCode = await closeAccount(user.token, { password: user.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe(payoutMessages.wrongCode);
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(200);

    const closed = await closeAccount(user.token, { password: user.password, code: recoveryCodes[0] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
  });

  it('refuses closure while a money-back code bought is not settled (422, said by the closing status too), and closes once it is', async () => {
    const content = contentFor(t, admin.token);
    const moneyBack = await content.code(
      [{ teamA: 'Refund Rovers', teamB: 'Closing City', prediction: '1', inHours: 4 }],
      { moneyBack: true },
    );
    const plain = await content.code([
      { teamA: 'Plain Pirates', teamB: 'Open Orient', prediction: '2', inHours: 4 },
    ]);
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 1_000);
    for (const codeId of [moneyBack, plain]) {
      const bought = await call('POST', `/api/booking-codes/purchase/${codeId}`, user.token, {
        walletType: 'main',
      });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0, bonusWallet: 0 });

    const status = await closingStatus(user.token);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      success: true,
      refusal: { reason: 'money-back', message: dataRightsMessages.closeRefusedMoneyBack },
    });
    for (const attempt of [checkClosing, closeAccount]) {
      const refused = await attempt(user.token, { password: user.password });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toBe(dataRightsMessages.closeRefusedMoneyBack);
    }
    const [open] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(open?.closedAt).toBeNull();

    // Settled (won: nothing comes back), the money-back purchase no longer holds the account open; the
    // ordinary code still waiting for its result never did.
    const settled = await call('POST', `/api/admin/booking-codes/${moneyBack}/settle`, admin.token, {
      result: 'won',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await closingStatus(user.token)).json()).toEqual({ success: true, refusal: null });
    const closed = await closeAccount(user.token, { password: user.password });
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('a money-back code that settles lost refunds into the open account, which the status then holds open for the money', async () => {
    const content = contentFor(t, admin.token);
    const moneyBack = await content.code(
      [{ teamA: 'Refund Rangers', teamB: 'Lost Lions', prediction: '1', inHours: 4 }],
      { moneyBack: true, price: 700 },
    );
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 700);
    expect(
      (await call('POST', `/api/booking-codes/purchase/${moneyBack}`, user.token, { walletType: 'main' }))
        .statusCode,
    ).toBe(200);
    expect((await closeAccount(user.token, { password: user.password })).statusCode).toBe(422);
    const lost = await call('POST', `/api/admin/booking-codes/${moneyBack}/settle`, admin.token, {
      result: 'lost',
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 700 });
    expect((await closingStatus(user.token)).json().refusal).toEqual({
      reason: 'main-wallet',
      message: dataRightsMessages.closeRefusedMainWallet('₦700'),
    });
  });

  it('answers the closing status: nothing in the way for a new account, the admin refusal for an admin, and 401 without a session', async () => {
    const user = await signUpAndLogin(t);
    expect((await closingStatus(user.token)).json()).toEqual({ success: true, refusal: null });
    expect((await closingStatus(admin.token)).json().refusal).toEqual({
      reason: 'admin',
      message: dataRightsMessages.adminCannotClose,
    });
    expect((await closingStatus('')).statusCode).toBe(401);
  });

  it('leaves admin accounts open (the last admin cannot lock everyone out)', async () => {
    const response = await closeAccount(admin.token, { password: adminEnv.ADMIN_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(dataRightsMessages.adminCannotClose);
  });

  it('refuses unknown fields and a missing password', async () => {
    const user: TestUser = await signUpAndLogin(t);
    expect((await closeAccount(user.token, {})).statusCode).toBe(400);
    expect((await closeAccount(user.token, { password: user.password, reason: 'x' })).statusCode).toBe(400);
  });
});
