import type { RunningApp } from './server.ts';

/** A JSON call to the running app, failing loudly on anything but 2xx. */
export async function callApi<T>(
  server: RunningApp,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A verified account signed in through the API; `referralCode` as the sign-up form would send it. */
export async function verifiedAccount(
  server: RunningApp,
  details: { email: string; password: string; firstName: string; referralCode?: string },
) {
  const { email, password, firstName, referralCode } = details;
  await callApi(server, 'POST', '/api/auth/register', {
    firstName,
    lastName: 'Eze',
    email,
    phone: '2348031234567',
    password,
    ...(referralCode ? { referralCode } : {}),
  });
  await callApi(server, 'POST', '/api/auth/verify-otp', { email, otp: await server.latestCode(email) });
  return callApi<{ token: string; user: { id: string; referralCode: string } }>(
    server,
    'POST',
    '/api/auth/login',
    {
      email,
      password,
    },
  );
}

/**
 * A verified user whose screens all have content: ₦20,000 deposited with the test provider, the
 * cheapest demo booking code bought with it and the demo plan Weekend Banker (₦2,000) subscribed (the server must run with SEED_DEMO=1 and PAYMENTS_DEV=1).
 */
export async function accountWithPurchase(
  server: RunningApp,
  details: { email: string; password: string; firstName: string },
) {
  const account = await verifiedAccount(server, details);
  const deposit = await callApi<{ reference: string }>(
    server,
    'POST',
    '/api/wallet/deposit',
    { amount: 20_000, provider: 'dev' },
    account.token,
  );
  const codes = await callApi<Array<{ _id: string; price: number }>>(
    server,
    'GET',
    '/api/booking-codes?limit=20&sort=price',
  );
  const code = codes.find((candidate) => candidate.price <= 20_000);
  if (!code) throw new Error('no affordable demo code');
  await callApi(
    server,
    'POST',
    `/api/booking-codes/purchase/${code._id}`,
    { walletType: 'main' },
    account.token,
  );
  const purchases = await callApi<Array<{ _id: string }>>(
    server,
    'GET',
    '/api/booking-codes/purchased',
    undefined,
    account.token,
  );
  const purchase = purchases[0]?._id;
  if (!purchase) throw new Error('the purchase is not listed');
  // A running rollover subscription (My Rollover shows today's tip), and a plan left to subscribe to.
  const plans = await callApi<Array<{ _id: string; name: string }>>(server, 'GET', '/api/rollover-plans');
  const planNamed = (name: string) => {
    const plan = plans.find((candidate) => candidate.name === name);
    if (!plan) throw new Error(`no demo plan named ${name}`);
    return plan._id;
  };
  const planId = planNamed('Weekend Banker');
  await callApi(server, 'POST', '/api/rollover-subscribe', { planId }, account.token);
  return {
    ...account,
    depositReference: deposit.reference,
    codeId: code._id,
    purchaseId: purchase,
    planId,
    otherPlanId: planNamed('Mega 10+ Odds'),
  };
}

/**
 * A free tip on a match that kicked off 3 hours ago and has no score, on a pick settled by hand:
 * it waits in the admin's to-settle queue, and its match waits for a result. Long real club names,
 * as the narrowest screens must fit them.
 */
export async function waitingFreeTip(server: RunningApp, adminToken: string) {
  const { tip } = await callApi<{ tip: { _id: string; matchId: string; teamA: string; teamB: string } }>(
    server,
    'POST',
    '/api/admin/tips',
    {
      teamA: 'Borussia Mönchengladbach',
      teamB: 'Wolverhampton Wanderers',
      league: 'Club Friendlies',
      kickoff: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      prediction: 'Over 9.5 corners',
      totalOdds: 1.9,
      confidence: 70,
    },
    adminToken,
  );
  return tip;
}

/** The model's view of a registered match, as `GET /api/admin/predictions/matches/:id` answers it. */
interface PricedMatch {
  matchId: string;
  markets: object | null;
  picks: Array<{ market: string; label: string; prediction: string; probability: number }>;
  reason: string | null;
}

/**
 * The match model with something on each of its screens (the server must run with
 * MODEL_DATA_IMPORT=on): two Premier League fixtures between the longest-named clubs of the bundled
 * data, registered through free tips once the model is fitted. Brighton & Hove Albion FC vs
 * Wolverhampton Wanderers FC kicks off in an hour, priced on the suggestions screen; Nottingham Forest
 * FC vs Manchester United FC is posted with the model's probability of a home win and scored 2-1, so
 * the calibration chart, the running RPS, /past-tips and the landing page have a settled model pick.
 */
export async function modelContent(server: RunningApp, adminToken: string) {
  const register = async (teamA: string, teamB: string, inHours: number) => {
    const { tip } = await callApi<{ tip: { _id: string; matchId: string } }>(
      server,
      'POST',
      '/api/admin/tips',
      {
        teamA,
        teamB,
        league: 'Premier League',
        kickoff: new Date(Date.now() + inHours * 3_600_000).toISOString(),
        prediction: 'Home',
        totalOdds: 1.9,
      },
      adminToken,
    );
    return tip;
  };
  const priced = async (matchId: string) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { prediction } = await callApi<{ prediction: PricedMatch }>(
        server,
        'GET',
        `/api/admin/predictions/matches/${matchId}`,
        undefined,
        adminToken,
      );
      if (prediction.markets) return prediction;
      if (prediction.reason !== 'no-fit-yet' || Date.now() > deadline) {
        throw new Error(`match ${matchId} not priced: ${prediction.reason}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  const upcoming = await register('Brighton & Hove Albion FC', 'Wolverhampton Wanderers FC', 1);
  const settled = await register('Nottingham Forest FC', 'Manchester United FC', 2);
  await priced(upcoming.matchId);
  const prediction = await priced(settled.matchId);
  const home = prediction.picks.find((pick) => pick.market === 'result' && pick.prediction === 'Home');
  if (!home) throw new Error('no home win among the model’s picks');
  await callApi(
    server,
    'PATCH',
    `/api/admin/tips/${settled._id}`,
    { modelProbability: home.probability },
    adminToken,
  );
  await callApi(
    server,
    'POST',
    `/api/admin/matches/${settled.matchId}/result`,
    { homeGoals: 2, awayGoals: 1 },
    adminToken,
  );
  return { upcomingMatchId: upcoming.matchId, settledTipId: settled._id };
}
