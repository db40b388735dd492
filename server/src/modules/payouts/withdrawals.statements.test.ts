import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayments, startFakePayments } from '../../../test/fake-payments.ts';
import { adminCall, approveOk, fundedUser, withdrawOk } from '../../../test/payouts.ts';
import { adminEnv, buildTestApp, loginAdmin, type TestApp, usingPostgres } from '../../../test/test-app.ts';

/*
 * What a withdrawal costs PostgreSQL at each step, counted at the driver: on the 2-core machine the
 * benchmark (`npm run bench -- payouts`) runs on, a step's rate is bounded by its round trips far
 * more than by anything else (issue 25: 11 statements per request, 11 per approval, 15 per webhook
 * and 9 per transfer job gave 53–79 of each a second). A request writes the withdrawal, the held
 * amount and the activity item in one statement; a paid webhook writes the status, the payout, the
 * activity item and the notification in one; an approval locks the row alone and reads what its
 * answer shows with the lock; the transfer job, which runs beside the requests, remembers a pending
 * transfer without a transaction.
 */
describe.runIf(usingPostgres())('the cost of a withdrawal in statements', () => {
  let t: TestApp;
  let fake: FakePayments;
  let statements: string[] = [];
  const originalQuery = pg.Client.prototype.query;

  beforeAll(async () => {
    fake = await startFakePayments();
    const { FLUTTERWAVE_SECRET_KEY: _key, FLUTTERWAVE_SECRET_HASH: _hash, ...paystackOnly } = fake.env;
    // The job workers off: the test runs each transfer job itself, so its statements are its own.
    t = await buildTestApp({ ...paystackOnly, ...adminEnv }, { runJobs: false });
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
    await fake?.close();
  });

  /** The statements `step` sent, less the batched NOTIFYs (shared under load) and pg-boss's upkeep. */
  const listed = (texts: string[]) => texts.map((text) => text.slice(0, 120)).join('\n');

  async function statementsOf(step: () => Promise<unknown>): Promise<string[]> {
    await new Promise((resolve) => setTimeout(resolve, 100));
    statements = [];
    await step();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return statements
      .filter((text) => !/^\s*(select pg_notify|notify)/i.test(text))
      .filter((text) => !text.includes('pgboss.') || /insert into pgboss\.job/i.test(text))
      .map((text) => text.replace(/\s+/g, ' ').trim());
  }

  it('request 5 (6 with its transfer job), approval 6, transfer job 3, webhook 6', async () => {
    const admin = await loginAdmin(t);
    const user = await fundedUser(t, 20_000);
    // Sessions and the admin's role are remembered after a first request (decision 008), as they are
    // for every request of a busy queue: read them before counting.
    const queue = await adminCall(t, admin.token, 'GET', '/api/admin/withdrawals?status=review');
    expect(queue.statusCode, queue.body).toBe(200);
    const send = (reference: string) => {
      const notification = fake.settleTransfer('paystack', reference, 'success');
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: notification.headers,
        payload: notification.payload,
      });
    };

    let first: Awaited<ReturnType<typeof withdrawOk>> | undefined;
    const request = await statementsOf(async () => {
      first = await withdrawOk(t, user.token, 5000, 'bench-key-0001');
    });
    if (!first) throw new Error('no withdrawal');
    const { _id: id, reference } = first;
    expect(request, listed(request)).toHaveLength(5);
    expect(request.filter((text) => text.includes('ledger_move'))).toHaveLength(1);

    const approval = await statementsOf(() => approveOk(t, admin.token, id));
    expect(approval, listed(approval)).toHaveLength(6);

    const job = await statementsOf(() => t.app.services.withdrawals.processTransfer(id));
    // The row with its account, the first attempt's mark, the provider's id of the pending transfer.
    expect(job, listed(job)).toHaveLength(3);

    const webhook = await statementsOf(async () => {
      const answer = await send(reference);
      expect(answer.statusCode, answer.body).toBe(200);
    });
    expect(webhook, listed(webhook)).toHaveLength(6);
    expect(webhook.filter((text) => text.includes('record_personal_notification'))).toHaveLength(1);

    // Paid once: the next small one goes straight to the provider, its job enqueued with it.
    const second = await statementsOf(() => withdrawOk(t, user.token, 3000, 'bench-key-0002'));
    expect(second, listed(second)).toHaveLength(6);
    expect(second.filter((text) => /insert into pgboss\.job/i.test(text))).toHaveLength(1);
  });
});
