import type { AdminOverviewResponse } from '@cashtips/contract/admin';
import { addLagosDays, LAGOS_TIME_ZONE, lagosDay, lagosDayStart } from '@cashtips/contract/lagos-time';
import { koboToNaira } from '@cashtips/contract/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ResultsService, waitingForAdmin } from '../matches/results.service.ts';

const DAY_MS = 86_400_000;
const SERIES_DAYS = 90;

type Rows<T> = { rows: T[] };

/** The admin's first screen (PRODUCT 10): counts and 90 Lagos days of sign-ups, deposits and revenue. */
export class AdminOverviewService {
  constructor(private readonly deps: { db: Database; clock: Clock; results: ResultsService }) {}

  async overview(): Promise<Omit<AdminOverviewResponse, 'success'>> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    const firstDay = addLagosDays(lagosDay(now), -(SERIES_DAYS - 1));
    const seriesStart = lagosDayStart(firstDay).toISOString();
    const nowIso = now.toISOString();
    // Each day's rows grouped by their Lagos date, in SQL, with the zone the lagos-time module names.
    const lagosDate = (column: string) => sql.raw(`(${column} at time zone '${LAGOS_TIME_ZONE}')::date`);
    const [counts, signups, deposits, codeRevenue, planRevenue, toSettle, failed] = await Promise.all([
      db.execute(sql`
        select
          -- Accounts still open, in every figure: a closed one is an erased identity, no longer a user
          -- (PRODUCT 13), so "new in 7 days" can never exceed the total; closed ones are counted apart.
          (select count(*)::int from users where closed_at is null) as total,
          (select count(*)::int from users where email_verified_at is not null and closed_at is null) as verified,
          (select count(*)::int from users where created_at >= ${at(7)}::timestamptz and closed_at is null) as new7d,
          (select count(*)::int from users where created_at >= ${at(30)}::timestamptz and closed_at is null) as new30d,
          (select count(*)::int from users where closed_at is not null) as closed,
          (select count(*)::int from deposits where status = 'success' and confirmed_at >= ${at(30)}::timestamptz) as deposits30d,
          (select coalesce(sum(amount_kobo), 0)::text from deposits
            where status = 'success' and confirmed_at >= ${at(30)}::timestamptz) as deposit_kobo30d,
          (select coalesce(sum(price_kobo), 0)::text from code_purchases where created_at >= ${at(30)}::timestamptz) as codes_kobo30d,
          (select coalesce(sum(price_kobo), 0)::text from rollover_subscriptions
            where started_at >= ${at(30)}::timestamptz) as plans_kobo30d,
          (select count(*)::int from rollover_subscriptions where expires_at > ${nowIso}::timestamptz) as active_subscriptions,
          (select count(*)::int from matches m where ${waitingForAdmin}) as matches_waiting,
          (select count(*)::int from withdrawals where status = 'review') as withdrawals_review,
          (select count(*)::int from withdrawals where status = 'processing') as withdrawals_processing,
          (select coalesce(sum(amount_kobo), 0)::text from withdrawals
            where status = 'paid' and paid_at >= ${at(30)}::timestamptz) as paid_kobo30d,
          (select coalesce(sum(fee_kobo), 0)::text from withdrawals
            where status = 'paid' and paid_at >= ${at(30)}::timestamptz) as fees_kobo30d,
          (select coalesce(sum(e.amount_kobo), 0)::text from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id and e.wallet_user_id is not null
            where t.kind = 'refund' and t.created_at >= ${at(30)}::timestamptz) as refunds_kobo30d`) as Promise<
        Rows<{
          total: number;
          verified: number;
          new7d: number;
          new30d: number;
          closed: number;
          deposits30d: number;
          deposit_kobo30d: string;
          codes_kobo30d: string;
          plans_kobo30d: string;
          active_subscriptions: number;
          matches_waiting: number;
          withdrawals_review: number;
          withdrawals_processing: number;
          paid_kobo30d: string;
          fees_kobo30d: string;
          refunds_kobo30d: string;
        }>
      >,
      db.execute(sql`select ${lagosDate('created_at')}::text as day, count(*)::int as value from users
        where created_at >= ${seriesStart}::timestamptz and closed_at is null group by 1`) as Promise<
        Rows<{ day: string; value: number }>
      >,
      db.execute(sql`select ${lagosDate('confirmed_at')}::text as day, sum(amount_kobo)::text as value from deposits
        where status = 'success' and confirmed_at >= ${seriesStart}::timestamptz group by 1`) as Promise<
        Rows<{ day: string; value: string }>
      >,
      db.execute(sql`select ${lagosDate('created_at')}::text as day, sum(price_kobo)::text as value from code_purchases
        where created_at >= ${seriesStart}::timestamptz group by 1`) as Promise<
        Rows<{ day: string; value: string }>
      >,
      db.execute(sql`select ${lagosDate('started_at')}::text as day, sum(price_kobo)::text as value
        from rollover_subscriptions where started_at >= ${seriesStart}::timestamptz group by 1`) as Promise<
        Rows<{ day: string; value: string }>
      >,
      this.deps.results.toSettleCount(),
      this.failedDeliveries(at(30)),
    ]);
    const row = counts.rows[0];
    if (!row) throw new Error('overview counts returned no row');
    const byDay = <T>(rows: { day: string; value: T }[]) =>
      new Map(rows.map((entry) => [entry.day, entry.value]));
    const signupsByDay = byDay(signups.rows);
    const depositsByDay = byDay(deposits.rows);
    const codesByDay = byDay(codeRevenue.rows);
    const plansByDay = byDay(planRevenue.rows);
    const naira = (kobo: string | undefined) => koboToNaira(BigInt(kobo ?? '0'));
    const series = Array.from({ length: SERIES_DAYS }, (_, index) => {
      const date = addLagosDays(firstDay, index);
      const codes = naira(codesByDay.get(date));
      const plans = naira(plansByDay.get(date));
      return {
        date,
        signups: signupsByDay.get(date) ?? 0,
        deposits: naira(depositsByDay.get(date)),
        revenue: Math.round((codes + plans) * 100) / 100,
        codeRevenue: codes,
        planRevenue: plans,
      };
    });
    const codes30d = naira(row.codes_kobo30d);
    const plans30d = naira(row.plans_kobo30d);
    return {
      users: {
        total: row.total,
        verified: row.verified,
        new7d: row.new7d,
        new30d: row.new30d,
        closed: row.closed,
      },
      deposits: { count30d: row.deposits30d, amount30d: naira(row.deposit_kobo30d) },
      revenue: {
        codes30d,
        plans30d,
        total30d: koboToNaira(BigInt(row.codes_kobo30d) + BigInt(row.plans_kobo30d)),
      },
      subscriptions: { active: row.active_subscriptions },
      toSettle,
      failedDeliveries: failed,
      matchesWaitingForAdmin: row.matches_waiting,
      withdrawals: {
        review: row.withdrawals_review,
        processing: row.withdrawals_processing,
        paid30d: naira(row.paid_kobo30d),
        fees30d: naira(row.fees_kobo30d),
      },
      refunds30d: naira(row.refunds_kobo30d),
      series,
    };
  }

  /**
   * Deliveries that used up their retries: notification batches given up, and push and Telegram jobs
   * that failed for good (pg-boss keeps them a while).
   */
  private async failedDeliveries(sinceIso: string): Promise<number> {
    const result = (await this.deps.db.execute(sql`
      select (select count(*) from pgboss.job
          where state = 'failed' and (name like 'notifications.%' or name like 'telegram.%')
            and coalesce(completed_on, created_on) >= ${sinceIso}::timestamptz)::int
        + (select count(*) from notification_batches
          where delivery_error is not null and created_at >= ${sinceIso}::timestamptz)::int as failed`)) as Rows<{
      failed: number;
    }>;
    return result.rows[0]?.failed ?? 0;
  }
}
