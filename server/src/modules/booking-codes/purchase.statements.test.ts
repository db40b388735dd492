import pg from 'pg';
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
  usingPostgres,
} from '../../../test/test-app.ts';

/*
 * What a purchase costs PostgreSQL, counted at the driver: its throughput is bounded by statements
 * per purchase far more than by anything else here (issue 23: 3.3 statements had become 12, and
 * purchases fell from 786/s to 257/s). One prepared statement writes the purchase, the buyer count,
 * the ledger movement, the activity item and the notification; the terms come from memory; the
 * socket events and cache invalidations share batched NOTIFYs; delivery is batched apart.
 */
describe.runIf(usingPostgres())('the cost of a purchase in statements', () => {
  let t: TestApp;
  let buyer: { token: string; userId: string };
  const codeIds: string[] = [];
  let statements: string[] = [];
  const originalQuery = pg.Client.prototype.query;

  beforeAll(async () => {
    // The delivery loop off: its rounds are batched apart from purchases and counted by their own test.
    t = await buildTestApp(adminEnv, { runJobs: false });
    const admin = await loginAdmin(t);
    const content = contentFor(t, admin.token);
    const { home, away } = teams('statements');
    for (let index = 0; index < 21; index++) {
      codeIds.push(
        await content.code([{ teamA: home, teamB: away, inHours: 3, prediction: 'Home win' }], {
          price: 100,
        }),
      );
    }
    buyer = await signUpAndLogin(t);
    await devDeposit(t, buyer.token, 5000);
    pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      statements.push(text ?? `(not a text query: ${typeof first})`);
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await t?.close();
  });

  const buy = async (codeId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/booking-codes/purchase/${codeId}`,
      headers: bearer(buyer.token),
      payload: { walletType: 'main' },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('is one statement, the notification included, once its code’s terms are known', async () => {
    // Seen once: the list read fills the terms each purchase starts from.
    const list = await t.app.inject({ method: 'GET', url: '/api/booking-codes?limit=50' });
    expect(list.statusCode).toBe(200);
    const [first, ...rest] = codeIds as [string, ...string[]];
    await buy(first);
    // The first purchase's batched NOTIFYs go out before counting starts, not among the rest's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    statements = [];
    for (const codeId of rest) await buy(codeId);
    // Let the batched NOTIFYs of the last purchases go out before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const purchases = statements.filter((text) => text.includes('insert into code_purchases'));
    // pg-boss's own upkeep runs on its timers whatever the requests do.
    const other = statements.filter(
      (text) =>
        !text.includes('insert into code_purchases') &&
        !/^\s*(select pg_notify|notify)/i.test(text) &&
        !text.includes('pgboss.'),
    );
    // One purchase at a time here: under load, purchases share these batched NOTIFYs.
    const notifies = statements.filter((text) => /^\s*(select pg_notify|notify)/i.test(text));
    expect(purchases).toHaveLength(rest.length);
    expect(purchases.every((text) => text.includes('record_personal_notification'))).toBe(true);
    expect(other, other.join('\n---\n')).toEqual([]);
    expect(notifies.length).toBeLessThanOrEqual(2 * rest.length);
  });
});
