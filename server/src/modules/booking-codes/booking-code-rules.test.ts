import type { BookingCodeInput } from '@cashtips/contract/booking-codes';
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
} from '../../../test/test-app.ts';

/*
 * Rules found by walking the product as a new user and probing it from outside (issue 10): the
 * server alone judges slots and sold-out, closed codes sort last, search never looks at hidden
 * picks, settlement corrections need a reason, and edits are audited field by field.
 */

let t: TestApp;
let admin: { token: string };
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type Code = {
  _id: string;
  slotLimit: number | null;
  slotsLeft: number | null;
  soldOut: boolean;
  buyerCount: number;
  expiresAt: string;
  result: string;
};

function codeInput(overrides: Partial<BookingCodeInput> = {}): BookingCodeInput {
  counter += 1;
  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();
  return {
    bookingCode: `RULES${counter}X${Date.now().toString(36).toUpperCase()}`,
    category: 'tennis',
    bookmaker: 'Bet9ja',
    totalOdds: 3.1,
    price: 100,
    confidence: 80,
    expiresAt: inHours(3),
    games: [
      {
        teamA: 'Enyimba',
        teamB: 'Kano Pillars',
        league: 'NPFL',
        kickoff: inHours(2),
        prediction: 'Over 2.5 goals',
        odds: 1.9,
      },
    ],
    ...overrides,
  };
}

async function createCode(overrides: Partial<BookingCodeInput> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/booking-codes',
    headers: bearer(admin.token),
    payload: codeInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code._id as string;
}

const getCode = async (id: string, token?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/booking-codes/${id}`,
      headers: token ? bearer(token) : {},
    })
  ).json().code as Code;

async function buyer() {
  const user = await signUpAndLogin(t);
  await devDeposit(t, user.token, 1000);
  return user;
}

const buy = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/booking-codes/purchase/${id}`,
    headers: bearer(token),
    payload: { walletType: 'main' },
  });

describe('slots: the server is the only judge', () => {
  it('counts the real buyers, shown as they are and against the slot limit', async () => {
    const id = await createCode({ slotLimit: 2 });
    expect(await getCode(id)).toMatchObject({ buyerCount: 0, slotLimit: 2, slotsLeft: 2, soldOut: false });
    const ada = await buyer();
    expect((await buy(ada.token, id)).statusCode).toBe(200);
    expect(await getCode(id)).toMatchObject({ buyerCount: 1, slotsLeft: 1, soldOut: false });
    const bayo = await buyer();
    expect((await buy(bayo.token, id)).json().code).toMatchObject({ slotsLeft: 0, soldOut: true });
    expect(await getCode(id)).toMatchObject({ buyerCount: 2, slotsLeft: 0, soldOut: true });
    const chioma = await buyer();
    expect((await buy(chioma.token, id)).statusCode).toBe(409);
  });

  it('has no slots left to count for an unlimited code', async () => {
    const id = await createCode({ slotLimit: null });
    expect(await getCode(id)).toMatchObject({ slotLimit: null, slotsLeft: null, soldOut: false });
  });
});

describe('no invented popularity (PRODUCT 15)', () => {
  it('refuses the old fake buyer fields on create and edit with 400 naming each field, and shows none', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      headers: bearer(admin.token),
      payload: { ...codeInput(), fakeBuyerEnabled: true, fakeBuyerCount: 87 },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'fakeBuyerEnabled', message: 'Unexpected field "fakeBuyerEnabled".' },
        { field: 'fakeBuyerCount', message: 'Unexpected field "fakeBuyerCount".' },
      ]),
    );
    const id = await createCode({ slotLimit: null });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
      payload: { fakeBuyerEnabled: true, fakeBuyerCount: 87 },
    });
    expect(edited.statusCode, edited.body).toBe(400);
    const adminView = await t.app.inject({
      method: 'GET',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
    });
    expect(adminView.json().code).toMatchObject({ buyerCount: 0, realBuyerCount: 0 });
    expect(adminView.body).not.toMatch(/fake/i);
    const listed = await t.app.inject({ method: 'GET', url: '/api/booking-codes?category=tennis&limit=100' });
    expect(listed.body).not.toMatch(/fake/i);
    expect(await getCode(id)).toMatchObject({ buyerCount: 0, slotsLeft: null });
  });
});

describe('buying a code no longer on sale (issue 34)', () => {
  it('answers 422 saying a settled code is settled, before its expiry, and an expired one that it has expired; nothing moves', async () => {
    const settled = await createCode();
    const settling = await t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${settled}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'lost' },
    });
    expect(settling.statusCode, settling.body).toBe(200);
    const ada = await buyer();
    const refused = await buy(ada.token, settled);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'BUSINESS_RULE',
      message: 'This booking code is settled and can no longer be bought.',
    });
    const expiring = await createCode({
      expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      games: [
        {
          teamA: 'Shooting Stars',
          teamB: 'Sunshine Stars',
          league: 'NPFL',
          kickoff: new Date(t.clock.now().getTime() + 30_000).toISOString(),
          prediction: 'Home win',
          odds: 1.8,
        },
      ],
    });
    t.clock.advance(120_000);
    const expired = await buy(ada.token, expiring);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('This booking code has expired and can no longer be bought.');
    expect(await balances(t, ada.token)).toMatchObject({ mainWallet: 1000 });
  });
});

describe('sorting', () => {
  it('puts codes no longer on sale after every code on sale, in every sort', async () => {
    const category = 'cricket' as const;
    const expiredSoonest = await createCode({
      category,
      confidence: 99,
      price: 100,
      expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    const settled = await createCode({ category, confidence: 98, price: 100 });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${settled}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'won' },
    });
    const later = await createCode({ category, confidence: 70, price: 900 });
    const sooner = await createCode({
      category,
      confidence: 60,
      price: 800,
      expiresAt: new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString(),
    });
    t.clock.advance(120_000);
    try {
      for (const sort of ['expiry', 'confidence', 'price', 'newest']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/booking-codes?category=${category}&includeExpired=1&limit=100&sort=${sort}`,
        });
        const ids = (response.json() as Code[]).map((code) => code._id);
        const lastOnSale = Math.max(ids.indexOf(later), ids.indexOf(sooner));
        expect(ids.indexOf(expiredSoonest), sort).toBeGreaterThan(lastOnSale);
        expect(ids.indexOf(settled), sort).toBeGreaterThan(lastOnSale);
        if (sort === 'expiry') expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
      }
    } finally {
      t.clock.advance(-120_000);
    }
  });
});

describe('search', () => {
  it('never finds a code by the text of a pick its viewer has not bought, character by character or whole', async () => {
    const pick = 'Zebra handicap minus seven';
    const id = await createCode({
      bookmaker: 'MSport',
      games: [
        {
          teamA: 'Remo Stars',
          teamB: 'Shooting Stars',
          league: 'NPFL',
          kickoff: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
          prediction: pick,
          odds: 2.2,
        },
      ],
    });
    const search = async (text: string, token?: string) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/booking-codes?limit=100&search=${encodeURIComponent(text)}`,
            headers: token ? bearer(token) : {},
          })
        ).json() as Code[]
      ).map((code) => code._id);
    const user = await signUpAndLogin(t);
    for (const token of [undefined, user.token]) {
      expect(await search(pick, token)).not.toContain(id);
      expect(await search('Zebra', token)).not.toContain(id);
      expect(await search('minus seven', token)).not.toContain(id);
      // What every viewer sees is searchable.
      expect(await search('Remo', token)).toContain(id);
      expect(await search('shooting stars', token)).toContain(id);
      expect(await search('NPFL', token)).toContain(id);
      expect(await search('msport', token)).toContain(id);
    }
  });
});

describe('settlement', () => {
  const settle = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${id}/settle`,
      headers: bearer(admin.token),
      payload,
    });
  const auditFor = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log?limit=100',
        headers: bearer(admin.token),
      })
    )
      .json()
      .entries.filter((entry: { targetId: string }) => entry.targetId === id) as Array<{
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      reason: string | null;
    }>;

  it('settles once; the same result again changes nothing; a different one needs a reason, which is audited', async () => {
    const id = await createCode();
    expect((await settle(id, { result: 'won' })).json().code.result).toBe('won');
    const again = await settle(id, { result: 'won' });
    expect(again.statusCode).toBe(200);
    expect(again.json().code.result).toBe('won');
    expect((await auditFor(id)).filter((entry) => entry.action.startsWith('code.settle'))).toHaveLength(1);

    const noReason = await settle(id, { result: 'lost' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'This result is already settled; give a reason to change it.',
      errors: [{ field: 'reason' }],
    });
    expect((await settle(id, { result: 'lost', reason: '   ' })).statusCode).toBe(422);
    expect((await getCode(id)).result).toBe('won');

    const corrected = await settle(id, { result: 'lost', reason: 'Second leg result was misread.' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().code.result).toBe('lost');
    const [latest] = await auditFor(id);
    expect(latest).toMatchObject({
      action: 'code.settle.correct',
      before: { result: 'won' },
      after: { result: 'lost' },
      reason: 'Second leg result was misread.',
    });
  });

  it('records a reason given with a first settlement too', async () => {
    const id = await createCode();
    expect((await settle(id, { result: 'void', reason: 'Match postponed.' })).statusCode).toBe(200);
    const [latest] = await auditFor(id);
    expect(latest).toMatchObject({ action: 'code.settle', reason: 'Match postponed.' });
  });

  it('audits an edit with every changed field, old and new, and nothing unchanged', async () => {
    const id = await createCode({ adminNote: 'Early note', confidence: 80, urgencyTag: 'Early' });
    const games = [
      {
        teamA: 'Rivers United',
        teamB: 'Heartland',
        league: 'NPFL',
        kickoff: new Date(t.clock.now().getTime() + 5 * 3600_000).toISOString(),
        prediction: 'Draw',
        odds: 3.2,
      },
    ];
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(admin.token),
      payload: { adminNote: 'Lineups confirmed', confidence: 91, urgencyTag: 'Confirmed', games },
    });
    expect(edit.statusCode).toBe(200);
    // Exactly these four: an edit that silently reset a field it did not send (category, urgency…) shows here.
    const [entry] = await auditFor(id);
    expect(entry?.action).toBe('code.update');
    expect(entry?.before).toEqual({
      adminNote: 'Early note',
      confidence: 80,
      urgencyTag: 'Early',
      games: [expect.objectContaining({ teamA: 'Enyimba', prediction: 'Over 2.5 goals' })],
    });
    expect(entry?.after).toEqual({
      adminNote: 'Lineups confirmed',
      confidence: 91,
      urgencyTag: 'Confirmed',
      games: [expect.objectContaining({ teamA: 'Rivers United', prediction: 'Draw' })],
    });
  });
});

describe('codes', () => {
  it('are at least 6 characters, so the 3 shown never give most of it away', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      headers: bearer(admin.token),
      payload: codeInput({ bookingCode: 'AB12X' }),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual({
      field: 'bookingCode',
      message: 'A booking code is 6 to 40 letters, digits or dashes.',
    });
    const id = await createCode({ bookingCode: `SIX${String(counter).padStart(3, '0')}`.slice(0, 6) });
    expect((await getCode(id))._id).toBe(id);
  });
});

describe('My Codes figures', () => {
  it('count every purchase, those removed from the list included', async () => {
    const user = await buyer();
    const first = await createCode({ price: 200 });
    const second = await createCode({ price: 300 });
    await buy(user.token, first);
    await buy(user.token, second);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${first}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'won' },
    });
    const purchases = (
      await t.app.inject({ method: 'GET', url: '/api/booking-codes/purchased', headers: bearer(user.token) })
    ).json() as Array<{ _id: string; codeId: string }>;
    const removed = purchases.find((purchase) => purchase.codeId === first);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/booking-codes/purchased/${removed?._id}`,
      headers: bearer(user.token),
    });
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/booking-codes/purchased/summary',
      headers: bearer(user.token),
    });
    expect(summary.json()).toEqual({
      success: true,
      bought: 2,
      spent: 500,
      // The won code is no longer on sale: active and expired as on the dashboard.
      active: 1,
      expired: 1,
      won: 1,
      lost: 0,
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/booking-codes/purchased/summary' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('bookmakers named after what every JavaScript object holds', () => {
  it('post, list, show, sell and appear in My Codes like any other, without a link', async () => {
    for (const bookmaker of ['__proto__', 'constructor', 'toString']) {
      const id = await createCode({ bookmaker });
      const shown = await t.app.inject({ method: 'GET', url: `/api/booking-codes/${id}` });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().code).toMatchObject({ bookmaker, bookmakerUrl: null });
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/admin/booking-codes?q=${encodeURIComponent(bookmaker)}`,
        headers: bearer(admin.token),
      });
      expect(list.statusCode, list.body).toBe(200);
      const ada = await buyer();
      const bought = await buy(ada.token, id);
      expect(bought.statusCode, bought.body).toBe(200);
      expect(bought.json()).toMatchObject({
        success: true,
        mainWallet: 900,
        code: { bookmaker, bookmakerUrl: null },
      });
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/booking-codes/purchased',
        headers: bearer(ada.token),
      });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().map((item: { codeId: string }) => item.codeId)).toEqual([id]);
    }
  });
});
