import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  usingPostgres,
} from '../../../test/test-app.ts';
import { findLedgerAnomalies, noLedgerAnomalies } from '../ledger/ledger.ts';

/*
 * A purchase that began while the code was on sale and reached the code's row after an admin
 * settled it must not sell it: a money-back code's buyers are refunded once, at settlement, so a
 * buyer counted after it would have paid for a lost code and never been refunded. Two connections
 * at once: PostgreSQL only (the embedded database has one).
 */
describe.runIf(usingPostgres())('a purchase racing a settlement', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(adminEnv, { runJobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused with nothing taken when the code was settled while it waited for the row', async () => {
    const database = t.database;
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const { pool } = database;
    const admin = await loginAdmin(t);
    const { home, away } = teams('race');
    const codeId = await contentFor(t, admin.token).code(
      [{ teamA: home, teamB: away, inHours: 3, prediction: 'Home win' }],
      { price: 500, moneyBack: true },
    );
    const buyer = await signUpAndLogin(t);
    await devDeposit(t, buyer.token, 1000);

    // The settlement holds the code's row, as a settling transaction does, until the purchase waits on it.
    const settling = await pool.connect();
    try {
      await settling.query('begin');
      await settling.query(
        `update booking_codes set result = 'lost', settled_at = now(), settled_by = 'admin', updated_at = now()
         where id = $1`,
        [codeId],
      );
      const purchase = t.app.inject({
        method: 'POST',
        url: `/api/booking-codes/purchase/${codeId}`,
        headers: bearer(buyer.token),
        payload: { walletType: 'main' },
      });
      await waitUntil(async () => {
        const waiting = await pool.query(
          `select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and query like '%insert into code_purchases%'`,
        );
        return (waiting.rows[0] as { n: number }).n > 0;
      });
      await settling.query('commit');
      const response = await purchase;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe('This booking code is settled and can no longer be bought.');
    } finally {
      settling.release();
    }

    expect(await balances(t, buyer.token)).toMatchObject({ mainWallet: 1000 });
    const bought = await pool.query('select count(*)::int as n from code_purchases where code_id = $1', [
      codeId,
    ]);
    expect((bought.rows[0] as { n: number }).n).toBe(0);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the purchase never waited for the settling transaction');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
