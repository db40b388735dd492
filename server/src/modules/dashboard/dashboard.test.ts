import { lagosDay } from '@cashtips/contract/lagos-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { codePurchases, matches } from '../../db/schema/index.ts';

let t: TestApp;
let admin: { token: string };
let content: ReturnType<typeof contentFor>;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
  content = contentFor(t, admin.token);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function buy(token: string, codeId: string) {
  const response = await post(`/api/booking-codes/purchase/${codeId}`, token, { walletType: 'main' });
  expect(response.statusCode, response.body).toBe(200);
}
async function settle(codeId: string, result: 'won' | 'lost' | 'void') {
  const response = await post(`/api/admin/booking-codes/${codeId}/settle`, admin.token, { result });
  expect(response.statusCode, response.body).toBe(200);
}
const codeWith = (odds: number, price: number, hours = 5) => {
  const match = teams('Dash');
  return content.code([{ teamA: match.home, teamB: match.away, inHours: hours, prediction: 'Home Win' }], {
    totalOdds: odds,
    price,
  });
};

describe('GET /api/users/dashboard-stats', () => {
  it("answers the user's exact figures, and nobody else's purchases count", async () => {
    const ada = await signUpAndLogin(t, undefined, undefined, { firstName: 'Ada', lastName: 'Obi' });
    const bola = await signUpAndLogin(t, undefined, undefined, { firstName: 'Bola', lastName: 'Ade' });
    await devDeposit(t, ada.token, 10_000);
    await devDeposit(t, bola.token, 10_000);
    const won = await codeWith(2.5, 500);
    const lost = await codeWith(3.5, 1000);
    const open = await codeWith(6, 1500);
    const voided = await codeWith(4, 200);
    for (const code of [won, lost, open, voided]) await buy(ada.token, code);
    await buy(bola.token, won);
    await buy(bola.token, lost);
    await settle(won, 'won');
    await settle(lost, 'lost');
    await settle(voided, 'void');
    const planId = await content.plan({ price: 700, duration: 3 });
    const subscribed = await post('/api/rollover-subscribe', ada.token, { planId, walletType: 'main' });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);

    const response = await get('/api/users/dashboard-stats', ada.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      subscriptions: { activePlans: 1 },
      performance: {
        totalPurchases: 4,
        totalSpent: 3200,
        // 1 won, 1 lost; the void counts in neither.
        successRate: 50,
        avgOdds: 4,
        activeCodes: 1,
        expiredCodes: 3,
      },
      referrals: {
        totalReferrals: 0,
        activeReferrals: 0,
        totalEarnings: 0,
        pendingEarnings: 0,
        bonusBalance: 0,
      },
    });
    const bolaStats = (await get('/api/users/dashboard-stats', bola.token)).json();
    expect(bolaStats.performance).toEqual({
      totalPurchases: 2,
      totalSpent: 1500,
      successRate: 50,
      avgOdds: 3,
      activeCodes: 0,
      expiredCodes: 2,
    });
    expect(bolaStats.subscriptions.activePlans).toBe(0);
  });

  it('counts only the last 30 days, and null rates before anything is settled', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 5000);
    await buy(user.token, await codeWith(2, 300, 2));
    t.clock.advance(31 * 86_400_000);
    // Sessions last 30 days: both sign in again.
    admin = await loginAdmin(t);
    content = contentFor(t, admin.token);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const token = again.json().token as string;
    await buy(token, await codeWith(3, 400, 2));
    const stats = (await get('/api/users/dashboard-stats', token)).json();
    expect(stats.performance).toEqual({
      totalPurchases: 1,
      totalSpent: 400,
      successRate: null,
      avgOdds: 3,
      activeCodes: 1,
      expiredCodes: 0,
    });
    const fresh = await signUpAndLogin(t);
    expect((await get('/api/users/dashboard-stats', fresh.token)).json().performance).toEqual({
      totalPurchases: 0,
      totalSpent: 0,
      successRate: null,
      avgOdds: null,
      activeCodes: 0,
      expiredCodes: 0,
    });
  });

  it('counts referrals as the referral page does', async () => {
    const referrer = await signUpAndLogin(t);
    const friend = await signUpAndLogin(t, undefined, undefined, { referralCode: referrer.referralCode });
    await devDeposit(t, friend.token, 2000);
    const stats = (await get('/api/users/dashboard-stats', referrer.token)).json();
    const page = (await get('/api/users/referrals', referrer.token)).json();
    expect(stats.referrals).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      totalEarnings: page.totalEarnings,
      pendingEarnings: 0,
      bonusBalance: page.bonusBalance,
    });
    expect(stats.referrals.totalEarnings).toBe(200);
  });

  it('are remembered, yet move at once with a purchase, a subscription, a settlement, an edit, and the clock', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 10_000);
    const performance = async () => {
      const body = (await get('/api/users/dashboard-stats', user.token)).json();
      return { ...body.performance, activePlans: body.subscriptions.activePlans };
    };
    const first = await codeWith(2, 300, 2);
    await buy(user.token, first);
    expect(await performance()).toMatchObject({ totalPurchases: 1, activeCodes: 1, avgOdds: 2 });
    // The same answer again: nothing changed.
    expect(await performance()).toMatchObject({ totalPurchases: 1, activeCodes: 1 });

    const second = await codeWith(4, 500, 30);
    await buy(user.token, second);
    expect(await performance()).toMatchObject({ totalPurchases: 2, totalSpent: 800, avgOdds: 3 });

    await settle(first, 'won');
    expect(await performance()).toMatchObject({ successRate: 100, activeCodes: 1, expiredCodes: 1 });

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${second}`,
      headers: bearer(admin.token),
      payload: { totalOdds: 6 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await performance()).toMatchObject({ avgOdds: 4 });

    const planId = await content.plan({ price: 700, duration: 1 });
    const subscribed = await post('/api/rollover-subscribe', user.token, { planId, walletType: 'main' });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    expect(await performance()).toMatchObject({ activePlans: 1 });

    // Past the second code's expiry (30 hours) and the one-day plan's end: no request changed anything.
    t.clock.advance(49 * 3_600_000);
    expect(await performance()).toMatchObject({ activePlans: 0, activeCodes: 0, expiredCodes: 2 });
    // And once the purchases are older than the 30-day window, they leave it.
    t.clock.advance(29 * 86_400_000);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    user.token = again.json().token as string;
    admin = await loginAdmin(t);
    content = contentFor(t, admin.token);
    expect(await performance()).toMatchObject({ totalPurchases: 0, totalSpent: 0 });
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/users/dashboard-stats')).statusCode).toBe(401);
    expect((await get('/api/community')).statusCode).toBe(401);
  });
});

describe('summary figures', () => {
  it('counts plans on sale, tips for today, subscribers and channel tips', async () => {
    // A separate app: the figures are of the whole site.
    const site = await buildTestApp(adminEnv);
    try {
      const siteAdmin = await loginAdmin(site);
      const siteContent = contentFor(site, siteAdmin.token);
      const planA = await siteContent.plan();
      await siteContent.plan();
      const match = teams('Sum');
      await siteContent.freeTip({ teamA: match.home, teamB: match.away, inHours: 3, prediction: 'Home Win' });
      const roll = teams('SumRoll');
      await siteContent.rolloverTip(planA, [
        { teamA: roll.home, teamB: roll.away, inHours: 4, prediction: 'Over 1.5' },
      ]);
      const user = await signUpAndLogin(site);
      await devDeposit(site, user.token, 5000);
      await site.app.inject({
        method: 'POST',
        url: '/api/rollover-subscribe',
        headers: bearer(user.token),
        payload: { planId: planA, walletType: 'main' },
      });
      const stats = (
        await site.app.inject({
          method: 'GET',
          url: '/api/users/dashboard-stats',
          headers: bearer(user.token),
        })
      ).json();
      // Without a bot token no tip goes to a Telegram channel.
      expect(stats.summary).toEqual({ plansAvailable: 2, tipsToday: 2, usersSubscribed: 1, telegramTips: 0 });
      expect(stats.rollover).toEqual({ successRate: null, won: 0, lost: 0 });
    } finally {
      await site.close();
    }
  });

  it('gives every plan’s settled tips together with their sample, New under the plans’ 5 settled (issue 34)', async () => {
    const site = await buildTestApp(adminEnv);
    try {
      const siteAdmin = await loginAdmin(site);
      const siteContent = contentFor(site, siteAdmin.token);
      const [planA, planB] = [await siteContent.plan(), await siteContent.plan()];
      const settle = async (planId: string, result: 'won' | 'lost') => {
        const match = teams('Record');
        const tipId = await siteContent.rolloverTip(planId, [
          { teamA: match.home, teamB: match.away, inHours: 2, prediction: 'Over 1.5' },
        ]);
        const settled = await site.app.inject({
          method: 'POST',
          url: `/api/admin/rollover-tips/${tipId}/settle`,
          headers: bearer(siteAdmin.token),
          payload: { result },
        });
        expect(settled.statusCode, settled.body).toBe(200);
      };
      const user = await signUpAndLogin(site);
      const rollover = async () =>
        (
          await site.app.inject({
            method: 'GET',
            url: '/api/users/dashboard-stats',
            headers: bearer(user.token),
          })
        ).json().rollover;
      await settle(planA, 'won');
      await settle(planA, 'lost');
      await settle(planB, 'lost');
      await settle(planB, 'lost');
      expect(await rollover()).toEqual({ successRate: null, won: 1, lost: 3 });
      await settle(planB, 'won');
      // The figures are shared by every user for 2 seconds.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await rollover()).toEqual({ successRate: 40, won: 2, lost: 3 });
    } finally {
      await site.close();
    }
  });
});

describe('Lagos days', () => {
  it('at 23:30 UTC it is already tomorrow (and next month) in Lagos', async () => {
    const site = await buildTestApp(adminEnv);
    try {
      const to = (iso: string) => site.clock.advance(Date.parse(iso) - site.clock.now().getTime());
      to('2026-11-30T22:30:00Z'); // 23:30 on 30 November in Lagos
      const siteAdmin = await loginAdmin(site);
      const siteContent = contentFor(site, siteAdmin.token);
      const late = teams('Late');
      await siteContent.freeTip({ teamA: late.home, teamB: late.away, inHours: 3, prediction: 'Home Win' });
      to('2026-11-30T23:15:00Z'); // 00:15 on 1 December in Lagos
      const early = teams('Early');
      await siteContent.freeTip({ teamA: early.home, teamB: early.away, inHours: 3, prediction: 'Home Win' });
      to('2026-11-30T23:30:00Z');
      const user = await signUpAndLogin(site);
      const stats = (
        await site.app.inject({
          method: 'GET',
          url: '/api/users/dashboard-stats',
          headers: bearer(user.token),
        })
      ).json();
      // Only the tip posted after Lagos midnight is today's.
      expect(stats.summary.tipsToday).toBe(1);
      const community = (
        await site.app.inject({ method: 'GET', url: '/api/community', headers: bearer(user.token) })
      ).json();
      expect(community.month).toBe('2026-12');
    } finally {
      await site.close();
    }
  });
});

describe('GET /api/community', () => {
  it('shows first names and initials, hides people who opted out, and ranks the month referrers', async () => {
    const shown = await signUpAndLogin(t, undefined, undefined, { firstName: 'Kemi', lastName: 'Lawal' });
    const hidden = await signUpAndLogin(t, undefined, undefined, { firstName: 'Zainab', lastName: 'Musa' });
    const optOut = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: bearer(hidden.token),
      payload: { communityVisible: false },
    });
    expect(optOut.statusCode).toBe(200);
    await devDeposit(t, shown.token, 3000);
    await devDeposit(t, hidden.token, 3000);
    const code = await codeWith(7.25, 250);
    await buy(shown.token, code);
    await buy(hidden.token, code);
    await settle(code, 'won');
    await signUpAndLogin(t, undefined, undefined, { referralCode: shown.referralCode });
    await signUpAndLogin(t, undefined, undefined, { referralCode: shown.referralCode });
    await signUpAndLogin(t, undefined, undefined, { referralCode: hidden.referralCode });
    // The feed is shared by everyone and read at most every 2 seconds.
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const response = await get('/api/community', shown.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.month).toBe(lagosDay(t.clock.now()).slice(0, 7));
    const lines = body.feed.map((event: { name: string; text: string }) => `${event.name} ${event.text}`);
    expect(lines).toContain('Kemi L. won with a 7.25 odds booking code');
    expect(lines).toContain('Kemi L. bought a 7.25 odds booking code');
    expect(JSON.stringify(body)).not.toContain('Zainab');
    expect(JSON.stringify(body)).not.toContain('Lawal');
    expect(JSON.stringify(body)).not.toContain(shown.email);
    expect(body.topReferrers[0]).toEqual({ rank: 1, name: 'Kemi L.', referrals: 2 });
    expect(body.topReferrers.some((referrer: { name: string }) => referrer.name.startsWith('Zainab'))).toBe(
      false,
    );
  });
});

describe('GET /api/admin/overview', () => {
  it('answers exact counts, revenue by product and 90 Lagos days', async () => {
    const site = await buildTestApp(adminEnv);
    try {
      // Accounts are stamped by the database's clock: the test clock is set to it, so "today" agrees.
      site.clock.advance(Date.now() - site.clock.now().getTime());
      const siteAdmin = await loginAdmin(site);
      const siteContent = contentFor(site, siteAdmin.token);
      const buyer = await signUpAndLogin(site);
      await devDeposit(site, buyer.token, 4000);
      await devDeposit(site, buyer.token, 1000);
      const match = teams('Over');
      const code = await siteContent.code(
        [{ teamA: match.home, teamB: match.away, inHours: 2, prediction: 'Home Win' }],
        {
          price: 1200,
        },
      );
      await site.app.inject({
        method: 'POST',
        url: `/api/booking-codes/purchase/${code}`,
        headers: bearer(buyer.token),
        payload: { walletType: 'main' },
      });
      const plan = await siteContent.plan({ price: 800 });
      await site.app.inject({
        method: 'POST',
        url: '/api/rollover-subscribe',
        headers: bearer(buyer.token),
        payload: { planId: plan, walletType: 'main' },
      });
      const refused = await site.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: bearer(buyer.token),
      });
      expect(refused.statusCode).toBe(403);

      const response = await site.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: bearer(siteAdmin.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        users: { total: 2, verified: 2, new7d: 2, new30d: 2, closed: 0 },
        deposits: { count30d: 2, amount30d: 5000 },
        revenue: { codes30d: 1200, plans30d: 800, total30d: 2000 },
        subscriptions: { active: 1 },
        toSettle: 0,
        failedDeliveries: 0,
        matchesWaitingForAdmin: 0,
      });
      expect(body.series).toHaveLength(90);
      const today = body.series.at(-1);
      expect(today).toEqual({
        date: lagosDay(site.clock.now()),
        signups: 2,
        deposits: 5000,
        revenue: 2000,
        codeRevenue: 1200,
        planRevenue: 800,
      });
      expect(body.series[0].date < today.date).toBe(true);

      // An account closed today counts in no user figure, new ones included: none exceeds the total.
      const leaver = await signUpAndLogin(site);
      const closed = await site.app.inject({
        method: 'POST',
        url: '/api/users/me/delete',
        headers: bearer(leaver.token),
        payload: { password: leaver.password },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const after = (
        await site.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(siteAdmin.token) })
      ).json();
      expect(after.users).toEqual({ total: 2, verified: 2, new7d: 2, new30d: 2, closed: 1 });
      expect(after.series.at(-1).signups).toBe(2);
    } finally {
      await site.close();
    }
  });
});

describe('GET /api/admin/overview: matches waiting for you', () => {
  it('counts the matches whose provider figures disagree and the held ones the provider has finished, as the waiting view lists them', async () => {
    const site = await buildTestApp(adminEnv);
    try {
      const siteAdmin = await loginAdmin(site);
      const siteContent = contentFor(site, siteAdmin.token);
      const fixtures = Array.from({ length: 5 }, () => teams('Wait'));
      for (const fixture of fixtures) {
        await siteContent.freeTip({
          teamA: fixture.home,
          teamB: fixture.away,
          prediction: 'Home win',
          inHours: 1,
        });
      }
      const [untrusted, heldFinished, dueSoon, heldOnly, recorded] = await Promise.all(
        fixtures.map((fixture) => siteContent.matchOf(fixture.home)),
      );
      const recordAt = new Date(site.clock.now().getTime() + 10 * 60_000).toISOString();
      const set = (id: string | undefined, values: Partial<typeof matches.$inferInsert>) =>
        site.database.db
          .update(matches)
          .set(values)
          .where(eq(matches.id, id as string));
      const disagree = { kind: 'untrusted', reason: 'The full-time score disagrees with the goals.' };
      await set(untrusted, { provider: 'api-football', providerId: '1', providerResult: disagree });
      await set(heldFinished, {
        provider: 'api-football',
        providerId: '2',
        providerResult: { kind: 'score', home: 2, away: 1, recordAt },
        held: true,
        heldReason: 'Checking a late goal',
      });
      // Recorded by the provider in 10 minutes unless held; held with nothing final; already recorded.
      await set(dueSoon, {
        provider: 'api-football',
        providerId: '3',
        providerResult: { kind: 'score', home: 0, away: 0, recordAt },
      });
      await set(heldOnly, { held: true });
      site.clock.advance(3 * 3600_000);
      expect(
        (await siteContent.recordResult(recorded as string, { homeGoals: 1, awayGoals: 1 })).statusCode,
      ).toBe(200);
      await set(recorded, { providerResult: disagree });

      const overview = await site.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: bearer(siteAdmin.token),
      });
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json().matchesWaitingForAdmin).toBe(2);
      const view = await site.app.inject({
        method: 'GET',
        url: '/api/admin/matches?view=waiting-admin',
        headers: bearer(siteAdmin.token),
      });
      expect(
        view
          .json()
          .matches.map((match: { _id: string }) => match._id)
          .sort(),
      ).toEqual([untrusted, heldFinished].sort());
    } finally {
      await site.close();
    }
  });
});

describe('GET /api/users/me/statistics', () => {
  const statisticsOf = async (token: string) => {
    const response = await get('/api/users/me/statistics', token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('needs a session', async () => {
    expect((await get('/api/users/me/statistics')).statusCode).toBe(401);
  });

  it('starts at zero with no success rate for a new account', async () => {
    const fresh = await signUpAndLogin(t);
    expect(await statisticsOf(fresh.token)).toEqual({
      success: true,
      codesBought: 0,
      plansSubscribed: 0,
      spent: { codes: 0, plans: 0, total: 0 },
      won: 0,
      lost: 0,
      successRate: null,
    });
  });

  it('counts everything the user ever bought, past the dashboard’s 30 days and cards removed from My Codes, and nobody else’s', async () => {
    const chidi = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    await devDeposit(t, chidi.token, 20_000);
    await devDeposit(t, other.token, 20_000);
    const early = await codeWith(2, 1250);
    await buy(chidi.token, early);
    await buy(other.token, early);
    await settle(early, 'won');
    // Bought 40 days ago: out of the dashboard's window, still in the profile's.
    await t.database.db
      .update(codePurchases)
      .set({ createdAt: new Date(t.clock.now().getTime() - 40 * 86_400_000) })
      .where(eq(codePurchases.userId, chidi.userId));
    const planId = await content.plan({ price: 2000, duration: 2 });
    expect((await post('/api/rollover-subscribe', chidi.token, { planId })).statusCode).toBeLessThan(300);
    const otherPlan = await content.plan({ price: 2000, duration: 2 });
    const lost = await codeWith(3, 700);
    const open = await codeWith(5, 300);
    for (const code of [lost, open]) await buy(chidi.token, code);
    await settle(lost, 'lost');
    const [listed] = (await get('/api/booking-codes/purchased', chidi.token)).json() as { _id: string }[];
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/booking-codes/purchased/${listed?._id}`,
      headers: bearer(chidi.token),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const again = await post('/api/rollover-subscribe', chidi.token, { planId: otherPlan });
    expect(again.statusCode, again.body).toBeLessThan(300);

    expect(await statisticsOf(chidi.token)).toEqual({
      success: true,
      codesBought: 3,
      plansSubscribed: 2,
      spent: { codes: 2250, plans: 4000, total: 6250 },
      won: 1,
      lost: 1,
      successRate: 50,
    });
    // The dashboard's figures stop at 30 days: the same account shows 2 purchases there.
    expect((await get('/api/users/dashboard-stats', chidi.token)).json().performance.totalPurchases).toBe(2);
  });
});
