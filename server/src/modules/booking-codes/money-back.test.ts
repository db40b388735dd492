import type { AddressInfo } from 'node:net';
import type { BookingCodeInput } from '@cashtips/contract/booking-codes';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
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
import { findLedgerAnomalies, moneyBackKey, noLedgerAnomalies } from '../ledger/ledger.ts';

/** Money-back booking codes (PRODUCT 11): refunded once on lost or void, never taken back. */
let t: TestApp;
let admin: { token: string; userId: string };
let content: ReturnType<typeof contentFor>;
let baseUrl: string;
const sockets: Socket[] = [];
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
  content = contentFor(t, admin.token);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const asAdmin = () => bearer(admin.token);

async function wallets(token: string) {
  const { mainWallet, bonusWallet } = await balances(t, token);
  return { mainWallet, bonusWallet };
}

function codeInput(overrides: Partial<BookingCodeInput> = {}): BookingCodeInput {
  counter += 1;
  const kickoff = new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString();
  return {
    bookingCode: `MONEYBACK${counter}X${Date.now().toString(36).toUpperCase()}`,
    bookmaker: 'SportyBet',
    totalOdds: 4.35,
    price: 500,
    expiresAt: kickoff,
    games: [
      { teamA: 'Arsenal', teamB: 'Brentford', league: 'Premier League', kickoff, prediction: 'Home win' },
    ],
    moneyBack: true,
    ...overrides,
  };
}

async function createCode(overrides: Partial<BookingCodeInput> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/booking-codes',
    headers: asAdmin(),
    payload: codeInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code as { _id: string; moneyBack: boolean };
}

/** A buyer with `naira` in the wallet they pay from (the bonus one credited by an admin). */
async function buyerWith(wallet: 'main' | 'bonus', naira = 2000) {
  const user = await signUpAndLogin(t);
  if (wallet === 'main') await devDeposit(t, user.token, naira);
  else {
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/adjust`,
      headers: asAdmin(),
      payload: { wallet: 'bonus', amount: naira, reason: 'Welcome bonus' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
  }
  return user;
}

async function buy(user: { token: string }, codeId: string, walletType: 'main' | 'bonus') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/booking-codes/purchase/${codeId}`,
    headers: bearer(user.token),
    payload: { walletType },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function settle(codeId: string, result: 'won' | 'lost' | 'void', reason?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/booking-codes/${codeId}/settle`,
    headers: asAdmin(),
    payload: reason ? { result, reason } : { result },
  });
}

async function settled(codeId: string, result: 'won' | 'lost' | 'void', reason?: string) {
  const response = await settle(codeId, result, reason);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function notificationsOf(token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().notifications as { title: string; message: string }[];
}

async function activityOf(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/users/activity-log',
    headers: bearer(token),
  });
  return response.json() as { title: string; description: string }[];
}

/** The refund movements of a code's purchases in the ledger: one row per movement. */
async function refundsOf(codeId: string) {
  const result = (await t.database.db.execute(sql`
    select t.idempotency_key as key, t.reference, e.wallet_user_id as "userId", e.wallet_kind as wallet,
      e.amount_kobo::text as amount
    from code_purchases p
    join ledger_transactions t on t.kind = 'refund' and t.reference = p.id::text
    join ledger_entries e on e.transaction_id = t.id and e.wallet_user_id is not null
    where p.code_id = ${codeId}::uuid order by e.wallet_user_id`)) as unknown as {
    rows: { key: string; reference: string; userId: string; wallet: string; amount: string }[];
  };
  return result.rows;
}

async function auditOf(codeId: string, action: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?action=${action}&limit=100`,
    headers: asAdmin(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json().entries as { targetId: string; before: unknown; after: unknown; reason: string | null }[]
  ).filter((entry) => entry.targetId === codeId);
}

/** A money-back code bought from the main wallet by one buyer and from the bonus wallet by another. */
async function soldTwice(overrides: Partial<BookingCodeInput> = {}) {
  const code = await createCode(overrides);
  const mainBuyer = await buyerWith('main');
  const bonusBuyer = await buyerWith('bonus');
  await buy(mainBuyer, code._id, 'main');
  await buy(bonusBuyer, code._id, 'bonus');
  const left = 2000 - (overrides.price ?? 500);
  expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: left, bonusWallet: 0 });
  expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: left });
  return { code, mainBuyer, bonusBuyer };
}

describe('settled lost or void by hand', () => {
  it('refunds each buyer once into the wallet they paid from, and says so', async () => {
    const { code, mainBuyer, bonusBuyer } = await soldTwice();
    await settled(code._id, 'lost');

    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    const refunds = await refundsOf(code._id);
    expect(refunds.map(({ userId, wallet, amount }) => ({ userId, wallet, amount })).sort(byUser)).toEqual(
      [
        { userId: mainBuyer.userId, wallet: 'main', amount: '50000' },
        { userId: bonusBuyer.userId, wallet: 'bonus', amount: '50000' },
      ].sort(byUser),
    );
    for (const refund of refunds) expect(refund.key).toBe(moneyBackKey(refund.reference));

    const [mainNotice] = await notificationsOf(mainBuyer.token);
    expect(mainNotice).toMatchObject({
      title: 'Booking code lost',
      message:
        'Your SportyBet code at 4.35 odds was settled: Lost. Money back: ₦500 is back in your main wallet.',
    });
    const [bonusNotice] = await notificationsOf(bonusBuyer.token);
    expect(bonusNotice?.message).toBe(
      'Your SportyBet code at 4.35 odds was settled: Lost. Money back: ₦500 is back in your bonus wallet.',
    );
    expect((await activityOf(bonusBuyer.token))[0]).toMatchObject({
      title: 'Booking code lost',
      description:
        'Your SportyBet code at 4.35 odds was settled: Lost. Money back: ₦500 is back in your bonus wallet.',
    });

    // The same result again, then a correction to void: nothing more moves.
    const again = await settle(code._id, 'lost');
    expect(again.statusCode).toBe(200);
    await settled(code._id, 'void', 'The match was abandoned');
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    expect(await refundsOf(code._id)).toHaveLength(2);
    expect((await notificationsOf(mainBuyer.token))[0]?.message).toBe(
      'Your SportyBet code at 4.35 odds was settled: Void. Money back: your ₦500 was already refunded to your main wallet.',
    );
  });

  it('refunds a void code the same way, and tells the buyer’s open screens the new balance', async () => {
    const { code, mainBuyer, bonusBuyer } = await soldTwice({ price: 750, totalOdds: 2.1 });
    const heard: { mainWallet: number; bonusWallet: number }[] = [];
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: mainBuyer.token },
      reconnection: false,
    });
    sockets.push(socket);
    socket.on('wallet', (payload) => heard.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });

    await settled(code._id, 'void');
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    expect((await notificationsOf(bonusBuyer.token))[0]).toMatchObject({
      title: 'Booking code void',
      message:
        'Your SportyBet code at 2.10 odds was settled: Void. Money back: ₦750 is back in your bonus wallet.',
    });
    await expect.poll(() => heard).toContainEqual({ mainWallet: 2000, bonusWallet: 0 });
  });

  it('never refunds twice when two settlements of one code arrive at once', async () => {
    const { code, mainBuyer, bonusBuyer } = await soldTwice();
    const answers = await Promise.all([
      // Reasons on all: whichever comes second may be a correction of the first.
      settle(code._id, 'lost', 'Lost at full time'),
      settle(code._id, 'lost', 'Lost at full time'),
      settle(code._id, 'void', 'Abandoned'),
      settle(code._id, 'lost', 'Lost after all'),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    expect(await refundsOf(code._id)).toHaveLength(2);
  });

  it('a correction to won keeps the refunds and writes it in the audit log', async () => {
    const { code, mainBuyer, bonusBuyer } = await soldTwice();
    await settled(code._id, 'lost');
    await settled(code._id, 'won', 'The last game was scored wrongly');

    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    expect(await auditOf(code._id, 'code.refund-kept')).toMatchObject([
      {
        before: { result: 'lost' },
        after: { result: 'won', refundsKept: 2, amountKept: 1000 },
        reason: 'The last game was scored wrongly',
      },
    ]);
    expect((await notificationsOf(mainBuyer.token))[0]).toMatchObject({
      title: 'Booking code won',
      message:
        'Your SportyBet code at 4.35 odds was settled: Won. Money back: the ₦500 refunded to your main wallet stays yours.',
    });

    // Back to lost: the refunds were made once and are not made again.
    await settled(code._id, 'lost', 'It was lost after all');
    expect(await refundsOf(code._id)).toHaveLength(2);
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
  });

  it('a correction from won to lost refunds', async () => {
    const { code, mainBuyer, bonusBuyer } = await soldTwice();
    await settled(code._id, 'won');
    expect(await refundsOf(code._id)).toHaveLength(0);
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 1500, bonusWallet: 0 });
    await settled(code._id, 'lost', 'A game was wrongly marked won');
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    expect(await auditOf(code._id, 'code.refund-kept')).toEqual([]);
  });

  it('a code without money back, and a free money-back code, refund nothing', async () => {
    const plain = await createCode({ moneyBack: false });
    expect(plain.moneyBack).toBe(false);
    const buyer = await buyerWith('main');
    await buy(buyer, plain._id, 'main');
    await settled(plain._id, 'lost');
    expect(await wallets(buyer.token)).toEqual({ mainWallet: 1500, bonusWallet: 0 });
    expect(await refundsOf(plain._id)).toEqual([]);
    expect((await notificationsOf(buyer.token))[0]?.message).toBe(
      'Your SportyBet code at 4.35 odds was settled: Lost.',
    );

    const free = await createCode({ price: 0 });
    await buy(buyer, free._id, 'main');
    await settled(free._id, 'lost');
    expect(await refundsOf(free._id)).toEqual([]);
    expect((await notificationsOf(buyer.token))[0]?.message).toBe(
      'Your SportyBet code at 4.35 odds was settled: Lost.',
    );
  });
});

describe('settled from a match result', () => {
  it('refunds when the result loses the code; a corrected result keeps the refund and refunds nothing more', async () => {
    const fixture = teams('MoneyBack');
    const codeId = await content.code(
      [{ teamA: fixture.home, teamB: fixture.away, prediction: 'Home win', inHours: 2 }],
      { moneyBack: true, price: 500, totalOdds: 1.5 },
    );
    const mainBuyer = await buyerWith('main');
    const bonusBuyer = await buyerWith('bonus');
    await buy(mainBuyer, codeId, 'main');
    await buy(bonusBuyer, codeId, 'bonus');
    const matchId = await content.matchOf(fixture.home);
    t.clock.advance(4 * 3600_000);

    const lost = await content.recordResult(matchId, { homeGoals: 0, awayGoals: 1 });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
    expect((await notificationsOf(bonusBuyer.token))[0]?.message).toBe(
      'Your SportyBet code at 1.50 odds was settled: Lost. Money back: ₦500 is back in your bonus wallet.',
    );

    const corrected = await content.recordResult(matchId, {
      homeGoals: 2,
      awayGoals: 1,
      reason: 'The first score was typed the wrong way round',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await auditOf(codeId, 'code.refund-kept')).toMatchObject([
      {
        before: { result: 'lost' },
        after: { result: 'won', refundsKept: 2, amountKept: 1000 },
        reason: 'The first score was typed the wrong way round',
      },
    ]);
    const back = await content.recordResult(matchId, {
      homeGoals: 0,
      awayGoals: 1,
      reason: 'The provider confirmed the first score',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await refundsOf(codeId)).toHaveLength(2);
    expect(await wallets(mainBuyer.token)).toEqual({ mainWallet: 2000, bonusWallet: 0 });
    expect(await wallets(bonusBuyer.token)).toEqual({ mainWallet: 0, bonusWallet: 2000 });
  });

  it('refunds every buyer of a void match in one settlement', async () => {
    const fixture = teams('MoneyBackVoid');
    const codeId = await content.code(
      [{ teamA: fixture.home, teamB: fixture.away, prediction: 'Home win', inHours: 2 }],
      { moneyBack: true, price: 300 },
    );
    const buyers = await Promise.all(Array.from({ length: 6 }, () => buyerWith('main', 1000)));
    for (const user of buyers) await buy(user, codeId, 'main');
    t.clock.advance(4 * 3600_000);
    const voided = await content.recordResult(await content.matchOf(fixture.home), { status: 'void' });
    expect(voided.statusCode, voided.body).toBe(200);
    for (const user of buyers) {
      expect(await wallets(user.token)).toEqual({ mainWallet: 1000, bonusWallet: 0 });
    }
    expect(await refundsOf(codeId)).toHaveLength(6);
  });
});

describe('the flag', () => {
  it('round-trips through the admin form, shows on every view, and is never taken from a sold code', async () => {
    const code = await createCode({ moneyBack: false });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${code._id}`,
      headers: asAdmin(),
      payload: { moneyBack: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().code.moneyBack).toBe(true);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/booking-codes/${code._id}`,
      headers: asAdmin(),
    });
    expect(read.json().code.moneyBack).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/booking-codes/${code._id}` })).json().code,
    ).toMatchObject({ moneyBack: true });
    const update = await auditOf(code._id, 'code.update');
    expect(update).toMatchObject([{ before: { moneyBack: false }, after: { moneyBack: true } }]);

    // An edit that does not send it keeps it.
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${code._id}`,
      headers: asAdmin(),
      payload: { confidence: 70 },
    });
    expect(other.json().code.moneyBack).toBe(true);

    const buyer = await buyerWith('main');
    await buy(buyer, code._id, 'main');
    const withdrawn = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${code._id}`,
      headers: asAdmin(),
      payload: { moneyBack: false },
    });
    expect(withdrawn.statusCode).toBe(409);
    const purchased = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes/purchased',
      headers: bearer(buyer.token),
    });
    expect(purchased.json()[0].code).toMatchObject({ _id: code._id, moneyBack: true });
  });

  it('the public list filters money-back codes with moneyBack=1, for visitors and users alike', async () => {
    const category = 'cricket';
    const withMoneyBack = await createCode({ category });
    const without = await createCode({ category, moneyBack: false });
    // A visitor's list is cached: a read before the filter must not answer the filtered one.
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes?category=${category}&limit=100`,
    });
    expect(all.json().map((code: { _id: string }) => code._id)).toEqual(
      expect.arrayContaining([withMoneyBack._id, without._id]),
    );
    const user = await signUpAndLogin(t);
    for (const headers of [{}, bearer(user.token)]) {
      const filtered = await t.app.inject({
        method: 'GET',
        url: `/api/booking-codes?category=${category}&moneyBack=1&limit=100`,
        headers,
      });
      expect(filtered.statusCode).toBe(200);
      const ids = filtered.json().map((code: { _id: string; moneyBack: boolean }) => code._id);
      expect(ids).toContain(withMoneyBack._id);
      expect(ids).not.toContain(without._id);
      expect(filtered.json().every((code: { moneyBack: boolean }) => code.moneyBack)).toBe(true);
      expect(filtered.headers['x-total-count']).toBe(String(ids.length));
    }
  });
});

function byUser(a: { userId: string }, b: { userId: string }) {
  return a.userId.localeCompare(b.userId);
}
