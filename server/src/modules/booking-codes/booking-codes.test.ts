import type { AddressInfo } from 'node:net';
import type { BookingCodeInput } from '@cashtips/contract/booking-codes';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnv,
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';

let t: TestApp;
let admin: { token: string };
let baseUrl: string;
const sockets: Socket[] = [];
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

function codeInput(overrides: Partial<BookingCodeInput> = {}): BookingCodeInput {
  counter += 1;
  return {
    bookingCode: `SECRET${counter}X${Date.now().toString(36).toUpperCase()}`,
    category: 'football',
    bookmaker: 'SportyBet',
    totalOdds: 4.35,
    price: 1500,
    confidence: 88,
    urgency: 'high',
    expiresAt: new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString(),
    games: [
      {
        teamA: 'Arsenal',
        teamB: 'Brentford',
        league: 'Premier League',
        kickoff: new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString(),
        prediction: 'Home win',
        odds: 1.45,
      },
    ],
    ...overrides,
  };
}

async function createCode(overrides: Partial<BookingCodeInput> = {}) {
  const input = codeInput(overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/booking-codes',
    headers: bearer(admin.token),
    payload: input,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().code._id as string, secret: input.bookingCode };
}

function buy(token: string, id: string, walletType: 'main' | 'bonus' = 'main') {
  return t.app.inject({
    method: 'POST',
    url: `/api/booking-codes/purchase/${id}`,
    headers: bearer(token),
    payload: { walletType },
  });
}

async function buyer(naira: number) {
  const user = await signUpAndLogin(t);
  if (naira > 0) await devDeposit(t, user.token, naira);
  return user;
}

describe('posting codes', () => {
  it('is for admins only', async () => {
    const user = await signUpAndLogin(t);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      headers: bearer(user.token),
      payload: codeInput(),
    });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      payload: codeInput(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses the same code twice for one bookmaker with 409 on the field', async () => {
    const input = codeInput();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/booking-codes',
        headers: bearer(admin.token),
        payload: input,
      });
    expect((await post()).statusCode).toBe(201);
    const again = await post();
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { field: 'bookingCode', message: 'This booking code is already posted for this bookmaker.' },
    ]);
  });

  it('validates the code, odds, price and games', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      headers: bearer(admin.token),
      payload: { ...codeInput(), bookingCode: 'x', totalOdds: 0.5, games: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['bookingCode', 'games', 'totalOdds']);
  });
});

describe('masking', () => {
  it('shows visitors and other users only the first 3 characters, buyers and admins the code', async () => {
    const { id, secret } = await createCode();
    const visitor = await t.app.inject({ method: 'GET', url: `/api/booking-codes/${id}` });
    expect(visitor.json().code).toMatchObject({
      bookingCode: `${secret.slice(0, 3)}••••••`,
      code: `${secret.slice(0, 3)}••••••`,
      alreadyPurchased: false,
      games: [{ teamA: 'Arsenal', prediction: null, odds: null }],
    });
    const ada = await buyer(5000);
    expect((await buy(ada.token, id)).statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes/${id}`,
      headers: bearer(ada.token),
    });
    expect(mine.json().code).toMatchObject({
      bookingCode: secret,
      alreadyPurchased: true,
      games: [{ prediction: 'Home win' }],
    });
    const adminView = await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes/${id}`,
      headers: bearer(admin.token),
    });
    expect(adminView.json().code.bookingCode).toBe(secret);
  });

  it('never sends an unbought code in any answer or event to anyone but its buyer and admins', async () => {
    const { id, secret } = await createCode({ price: 700 });
    const buyerUser = await buyer(2000);
    const other = await buyer(2000);
    const heard: string[] = [];
    for (const token of [undefined, other.token]) {
      const socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
      });
      sockets.push(socket);
      socket.onAny((event, payload) => heard.push(`${event} ${JSON.stringify(payload)}`));
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
    }
    expect((await buy(buyerUser.token, id)).statusCode).toBe(200);
    // Waits for the purchase's events, however slow the machine, before looking at what was heard.
    await expect.poll(() => heard.some((line) => line.startsWith('live-activity'))).toBe(true);

    const answers = await Promise.all(
      [
        '/api/booking-codes?limit=100',
        '/api/booking?limit=100',
        `/api/booking-codes/${id}`,
        '/api/booking-codes/purchased',
        '/api/booking/purchased',
        '/api/users/activity-log',
        `/api/booking-codes?search=${secret}`,
      ].flatMap((url) => [
        t.app.inject({ method: 'GET', url }),
        t.app.inject({ method: 'GET', url, headers: bearer(other.token) }),
      ]),
    );
    for (const answer of answers) expect(answer.body).not.toContain(secret);
    for (const line of heard) expect(line).not.toContain(secret);
    // Searching by the code finds nothing: the search never looks at codes.
    const probe = await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes?search=${secret.slice(0, 8)}`,
    });
    expect(probe.json()).toEqual([]);
  });
});

describe('the list', () => {
  it('filters, sorts, pages and reports totals in headers', async () => {
    const { id: cheap } = await createCode({ category: 'tennis', price: 300, confidence: 95 });
    await createCode({ category: 'tennis', price: 4000, confidence: 60 });
    await createCode({ category: 'tennis', price: 2000, confidence: 75 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes?category=tennis&minConfidence=70&maxPrice=2500&sort=price&limit=1',
    });
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers['x-total-pages']).toBe('2');
    expect(response.json()).toMatchObject([{ _id: cheap, price: 300, category: 'tennis' }]);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes?category=tennis&minConfidence=70&maxPrice=2500&sort=price&limit=1&page=2',
    });
    expect(second.json()).toMatchObject([{ price: 2000 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/booking-codes?limit=500' })).statusCode).toBe(400);
  });

  it('hides expired codes unless asked, and counts its real buyers', async () => {
    const { id } = await createCode({ category: 'cricket' });
    const { id: soon } = await createCode({
      category: 'cricket',
      expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    const ada = await buyer(5000);
    await buy(ada.token, id);
    t.clock.advance(120_000);
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes?category=cricket&limit=100',
    });
    const ids = active.json().map((code: { _id: string }) => code._id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(soon);
    expect(active.json().find((code: { _id: string }) => code._id === id).buyerCount).toBe(1);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes?category=cricket&includeExpired=1&limit=100',
    });
    expect(all.json().map((code: { _id: string }) => code._id)).toContain(soon);
    const expired = await buy(ada.token, soon);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('This booking code has expired and can no longer be bought.');
    t.clock.advance(-120_000);
  });
});

describe('buying', () => {
  it('debits the chosen wallet once, reveals the code, and refuses a second purchase with 409', async () => {
    const { id, secret } = await createCode({ price: 1500 });
    const ada = await buyer(2000);
    const first = await buy(ada.token, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      code: { bookingCode: secret, alreadyPurchased: true },
      mainWallet: 500,
    });
    const again = await buy(ada.token, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already purchased this booking code.');
    expect(await balances(t, ada.token)).toMatchObject({ mainWallet: 500 });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers: bearer(ada.token),
    });
    expect(history.json().transactions[0]).toMatchObject({ type: 'purchase', amount: -1500 });
  });

  it('refuses when the wallet cannot cover the price, with the spec message, and moves nothing', async () => {
    const { id } = await createCode({ price: 2500 });
    const ada = await buyer(1000);
    const response = await buy(ada.token, id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance in main wallet',
    });
    const bonus = await buy(ada.token, id, 'bonus');
    expect(bonus.json().message).toBe('Insufficient balance in bonus wallet');
    expect(await balances(t, ada.token)).toMatchObject({ mainWallet: 1000 });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes/${id}`,
      headers: bearer(ada.token),
    });
    expect(after.json().code).toMatchObject({ alreadyPurchased: false, buyerCount: 0 });
  });

  it('answers 409 once the slot limit is reached', async () => {
    const { id } = await createCode({ slotLimit: 1, price: 100 });
    const first = await buyer(500);
    const second = await buyer(500);
    expect((await buy(first.token, id)).statusCode).toBe(200);
    const late = await buy(second.token, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This booking code is sold out.');
    expect(await balances(t, second.token)).toMatchObject({ mainWallet: 500 });
  });

  it('gives a free code to a user with an empty wallet, once, moving no money', async () => {
    const { id, secret } = await createCode({ price: 0 });
    const ada = await buyer(0);
    const first = await buy(ada.token, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: { bookingCode: secret, buyerCount: 1 }, mainWallet: 0 });
    expect((await buy(ada.token, id)).statusCode).toBe(409);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers: bearer(ada.token),
    });
    expect(history.json().transactions).toEqual([]);
  });

  it('buys on the current terms when another process changed the code after this one last read it', async () => {
    const { id } = await createCode({ price: 1000 });
    const first = await buyer(5000);
    expect((await buy(first.token, id)).statusCode).toBe(200);
    // What another server process's admin edit does: the row changes, this process is not told.
    const editElsewhere = (change: string) =>
      t.database.db.execute(
        sql.raw(
          `update booking_codes set ${change}, updated_at = updated_at + interval '1 second' where id = '${id}'`,
        ),
      );

    await editElsewhere(`code = 'FIXEDCODE1'`);
    const second = await buyer(5000);
    const revealed = await buy(second.token, id);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toMatchObject({ code: { bookingCode: 'FIXEDCODE1' }, mainWallet: 4000 });

    await editElsewhere('price_kobo = 250000');
    const third = await buyer(5000);
    const repriced = await buy(third.token, id);
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json()).toMatchObject({ code: { price: 2500, buyerCount: 3 }, mainWallet: 2500 });

    await editElsewhere(`result = 'won', settled_at = now()`);
    const fourth = await buyer(5000);
    const settled = await buy(fourth.token, id);
    expect(settled.statusCode).toBe(422);
    expect(settled.json().message).toBe('This booking code is settled and can no longer be bought.');
    expect(await balances(t, fourth.token)).toMatchObject({ mainWallet: 5000 });
  });

  it('lists purchases, removes one from the list without taking the code away, and keeps others out', async () => {
    const { id, secret } = await createCode({ price: 200 });
    const ada = await buyer(1000);
    await buy(ada.token, id);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes/purchased',
      headers: bearer(ada.token),
    });
    expect(list.json()).toMatchObject([
      { codeId: id, pricePaid: 200, walletType: 'main', code: { bookingCode: secret } },
    ]);
    const purchaseId = list.json()[0]._id as string;
    const stranger = await buyer(0);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/booking-codes/purchased/${purchaseId}`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/booking-codes/purchased/${purchaseId}`,
      headers: bearer(ada.token),
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/booking/purchased',
      headers: bearer(ada.token),
    });
    expect(after.json()).toEqual([]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes/${id}`,
      headers: bearer(ada.token),
    });
    expect(detail.json().code.bookingCode).toBe(secret);
  });

  it('needs a session to buy; unknown codes are 404', async () => {
    const { id } = await createCode();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/booking-codes/purchase/${id}`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const ada = await buyer(0);
    expect((await buy(ada.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/booking-codes/nope' })).statusCode).toBe(404);
  });
});

describe('admin', () => {
  it('settles codes, which feeds the success rate, and refuses to delete a bought code', async () => {
    const { id } = await createCode({ category: 'basketball', price: 100 });
    const { id: other } = await createCode({ category: 'basketball' });
    const ada = await buyer(500);
    await buy(ada.token, id);
    const settle = (codeId: string, result: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/booking-codes/${codeId}/settle`,
        headers: bearer(admin.token),
        payload: { result },
      });
    expect((await settle(id, 'won')).json().code.result).toBe('won');
    expect((await settle(other, 'lost')).statusCode).toBe(200);
    const { id: fresh } = await createCode({ category: 'basketball' });
    const rate = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/booking-codes/${fresh}` })).json().code.successRate;
    // Below 5 settled codes the category has no rate yet ('New'); void counts in neither side.
    for (const result of ['won', 'void', 'lost']) {
      const { id: more } = await createCode({ category: 'basketball' });
      expect((await settle(more, result)).statusCode).toBe(200);
    }
    expect(await rate()).toBeNull();
    const { id: fifth } = await createCode({ category: 'basketball' });
    await settle(fifth, 'won');
    expect(await rate()).toBe(60);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
    });
    expect(refused.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/booking-codes/${fresh}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(200);
    const buyers = await t.app.inject({
      method: 'GET',
      url: `/api/admin/booking-codes/${id}/buyers`,
      headers: bearer(admin.token),
    });
    expect(buyers.json().buyers).toMatchObject([{ email: ada.email, pricePaid: 100, walletType: 'main' }]);
  });

  it('edits a code but never lowers its slot limit below its buyers', async () => {
    const { id } = await createCode({ slotLimit: 5, price: 100 });
    const ada = await buyer(500);
    const bayo = await buyer(500);
    await buy(ada.token, id);
    await buy(bayo.token, id);
    const lower = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
      payload: { slotLimit: 1 },
    });
    expect(lower.statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
      payload: { price: 2500, adminNote: 'Kickoff moved to 17:30' },
    });
    expect(edit.json().code).toMatchObject({
      price: 2500,
      adminNote: 'Kickoff moved to 17:30',
      realBuyerCount: 2,
      revenue: 200,
    });
  });
});

describe(`purchases under concurrency (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('one user buying 8 codes at once with money for 3 gets exactly 3', async () => {
    const codes = await Promise.all(Array.from({ length: 8 }, () => createCode({ price: 1000 })));
    const ada = await buyer(3000);
    const answers = await Promise.all(codes.map((code) => buy(ada.token, code.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(5);
    expect(await balances(t, ada.token)).toMatchObject({ mainWallet: 0 });
  });

  it('one code bought 10 times at once by one user is charged once', async () => {
    const { id } = await createCode({ price: 400 });
    const ada = await buyer(4000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(ada.token, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(await balances(t, ada.token)).toMatchObject({ mainWallet: 3600 });
  });

  it('a slot limit of 3 with 10 buyers at once sells exactly 3', async () => {
    const { id } = await createCode({ price: 300, slotLimit: 3 });
    const users = await Promise.all(Array.from({ length: 10 }, () => buyer(300)));
    const answers = await Promise.all(users.map((user) => buy(user.token, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    const remaining = await Promise.all(users.map((user) => balances(t, user.token)));
    expect(remaining.filter((wallet) => wallet.mainWallet === 0)).toHaveLength(3);
    const code = await t.app.inject({
      method: 'GET',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
    });
    expect(code.json().code).toMatchObject({ realBuyerCount: 3, revenue: 900 });
  });
});
