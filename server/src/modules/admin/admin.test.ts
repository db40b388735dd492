import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayments, startFakePayments } from '../../../test/fake-payments.ts';
import {
  adminEnv,
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { recordAudit } from './audit.ts';

let t: TestApp;
let fake: FakePayments;
let admin: { token: string; userId: string };

beforeAll(async () => {
  fake = await startFakePayments();
  t = await buildTestApp({ ...adminEnv, ...fake.env });
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const asAdmin = () => bearer(admin.token);

function adjust(userId: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/adjust`,
    headers: { ...asAdmin(), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

describe('who may use the admin API', () => {
  const calls = [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/deposits'],
    ['GET', '/api/admin/audit-log'],
    ['POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/adjust'],
  ] as const;

  it.each(calls)('%s %s answers 401 without a session and 403 to a user', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({ method, url, headers: bearer(user.token), payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('users', () => {
  it('finds users by email, name or phone, with balances', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 1500);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(user.email.slice(0, 12))}`,
      headers: asAdmin(),
    });
    expect(byEmail.json().users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: user.email, mainWallet: 1500, bonusWallet: 0 }),
      ]),
    );
    const byPhone = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?q=0803 123',
      headers: asAdmin(),
    });
    expect(byPhone.json().total).toBeGreaterThan(0);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: asAdmin() });
    expect(wildcard.json().total).toBe(0);
  });

  it('shows one user with deposits and ledger; unknown ids are 404', async () => {
    const user = await signUpAndLogin(t);
    const deposit = await devDeposit(t, user.token, 2500);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.userId}`,
      headers: asAdmin(),
    });
    expect(detail.json()).toMatchObject({
      user: { email: user.email, mainWallet: 2500, referredBy: null },
      deposits: [{ reference: deposit.reference, status: 'success', provider: 'dev', amount: 2500 }],
    });
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.userId}/transactions`,
      headers: asAdmin(),
    });
    expect(ledger.json().transactions).toMatchObject([{ type: 'deposit', amount: 2500 }]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: asAdmin() })).statusCode,
      ).toBe(404);
    }
  });

  it('credits and debits with a reason, refuses overdrafts, and audits each change', async () => {
    const user = await signUpAndLogin(t);
    const credit = await adjust(user.userId, {
      wallet: 'bonus',
      amount: 750,
      reason: 'Goodwill for a late payout',
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({ bonusWallet: 750, mainWallet: 0 });

    const overdraft = await adjust(user.userId, {
      wallet: 'bonus',
      amount: -1000,
      reason: 'Reverse a duplicate',
    });
    expect(overdraft.statusCode).toBe(422);
    expect(overdraft.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance in bonus wallet',
    });

    const debit = await adjust(user.userId, { wallet: 'bonus', amount: -250, reason: 'Reverse a duplicate' });
    expect(debit.json()).toMatchObject({ bonusWallet: 500 });
    expect(await balances(t, user.token)).toMatchObject({ bonusWallet: 500 });

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=user.adjust',
      headers: asAdmin(),
    });
    const mine = audit.json().entries.filter((entry: { targetId: string }) => entry.targetId === user.userId);
    expect(mine).toMatchObject([
      {
        actor: { email: adminEnv.ADMIN_EMAIL },
        action: 'user.adjust',
        targetType: 'user',
        reason: 'Reverse a duplicate',
        before: { wallet: 'bonus', bonusWallet: 750 },
        after: { wallet: 'bonus', amount: -250, bonusWallet: 500 },
      },
      { reason: 'Goodwill for a late payout', before: { bonusWallet: 0 }, after: { bonusWallet: 750 } },
    ]);
    expect(
      (await t.database.db
        .execute(sql`update audit_log set reason = 'rewritten'`)
        .catch((error: Error) => error)) instanceof Error,
    ).toBe(true);
  });

  it('requires a reason and a non-zero amount', async () => {
    const user = await signUpAndLogin(t);
    const missing = await adjust(user.userId, { wallet: 'main', amount: 100 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'reason', message: 'A reason is required.' }]);
    expect(
      (await adjust(user.userId, { wallet: 'main', amount: 0, reason: 'Nothing at all' })).statusCode,
    ).toBe(400);
    expect(
      (await adjust(user.userId, { wallet: 'savings', amount: 5, reason: 'Wrong wallet' })).statusCode,
    ).toBe(400);
  });

  it('applies an adjustment once for a repeated Idempotency-Key', async () => {
    const user = await signUpAndLogin(t);
    const payload = { wallet: 'main', amount: 300, reason: 'Compensation for outage' };
    await Promise.all(
      [1, 2, 3].map(() => adjust(user.userId, payload, { 'idempotency-key': 'adjust-once-001' })),
    );
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 300 });
  });

  it('changes roles, audited, but never the acting admin’s own', async () => {
    const user = await signUpAndLogin(t);
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.userId}`,
      headers: asAdmin(),
      payload: { role: 'admin' },
    });
    expect(promote.json()).toMatchObject({ user: { role: 'admin' } });
    const adminArea = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(user.token),
    });
    expect(adminArea.statusCode).toBe(200);
    const selfDemote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.userId}`,
      headers: asAdmin(),
      payload: { role: 'user' },
    });
    expect(selfDemote.statusCode).toBe(422);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=user.role',
      headers: asAdmin(),
    });
    expect(audit.json().entries[0]).toMatchObject({
      targetId: user.userId,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
  });
});

describe('audit log', () => {
  it('lists actions newest first by when they happened, the later of two in one instant first, page by page, each target named', async () => {
    const audit = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit-log?${query}`,
        headers: asAdmin(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        total: number;
        entries: { action: string; targetName: string | null; createdAt: string; after: unknown }[];
      };
    };
    const first = await audit('limit=1');
    t.clock.advance(60_000);
    const user = await signUpAndLogin(t);
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-plans',
      headers: asAdmin(),
      payload: { name: 'Audit Order Plan', price: 500, duration: 3, odds: 1.5, postLimit: 1 },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    // Same instant as the plan: the later write is the newer action.
    await adjust(user.userId, { wallet: 'main', amount: 400, reason: 'Audit order credit' });
    // Written last, but about something that happened an hour before (a result confirmed late).
    await recordAudit(t.database.db, new Date(t.clock.now().getTime() - 3_600_000), {
      actorUserId: null,
      action: 'match.result',
      targetType: 'match',
      targetId: null,
      before: { status: 'scheduled', score: null },
      after: { status: 'finished', score: { home: 2, away: 1 } },
    });

    const page = await audit('limit=2');
    expect(page.entries.map((entry) => [entry.action, entry.targetName])).toEqual([
      ['user.adjust', user.email],
      ['plan.create', 'Audit Order Plan'],
    ]);
    const next = await audit('limit=2&page=2');
    expect(next.entries[0]).toMatchObject(first.entries[0] ?? {});
    expect(next.entries.map((entry) => entry.action)).not.toContain('match.result');
    const all = await audit(`limit=100`);
    const times = all.entries.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.entries.at(-1)).toMatchObject({ action: 'match.result', targetName: null });
    const filtered = await audit('action=user.adjust&limit=1');
    expect(filtered.entries).toMatchObject([{ action: 'user.adjust', targetName: user.email }]);
  });
});

describe('deposits', () => {
  it('lists deposits by status and reference, and verifies a pending one with the provider', async () => {
    const user = await signUpAndLogin(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: 6000, provider: 'paystack' },
    });
    const { reference } = started.json() as { reference: string };
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/deposits?status=pending&q=${reference}`,
      headers: asAdmin(),
    });
    expect(listed.json()).toMatchObject({
      total: 1,
      deposits: [
        { reference, status: 'pending', provider: 'paystack', amount: 6000, user: { email: user.email } },
      ],
    });
    const id = listed.json().deposits[0]._id as string;

    const early = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/verify`,
      headers: asAdmin(),
    });
    expect(early.json()).toMatchObject({ deposit: { status: 'pending' } });
    expect(early.json().message).toBe('The provider has no completed payment for this deposit yet.');

    fake.settle(reference, { status: 'success' });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/verify`,
      headers: asAdmin(),
    });
    expect(verified.json()).toMatchObject({
      message: 'Payment confirmed by the provider: the wallet has been credited.',
      deposit: { status: 'success' },
    });
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 6000 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/verify`,
      headers: asAdmin(),
    });
    expect(again.json().message).toBe('This deposit was already credited.');
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 6000 });

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=deposit.verify',
      headers: asAdmin(),
    });
    expect(audit.json().entries.filter((entry: { targetId: string }) => entry.targetId === id)).toHaveLength(
      3,
    );
  });
});
