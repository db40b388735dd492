import type { AdminOverviewResponse } from '@cashtips/contract/admin';
import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatAmount } from '../utils/format.ts';
import type { PeriodTotals } from './overview-period.tsx';

const tones = {
  plain: 'border-emerald-800/70 bg-emerald-900/35',
  /** Something waits for the admin. */
  warn: 'border-amber-400/50 bg-amber-400/10',
  /** Something went wrong. */
  alert: 'border-rose-400/50 bg-rose-500/10',
} as const;

/** Where a figure goes while the overview loads: the height of its line, so nothing moves when it comes. */
function Placeholder({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-md bg-emerald-800/60 ${className}`} />
  );
}

/**
 * One figure of the overview as a card: a label over a large value, and an optional line under it. With
 * `value` null (loading) the card keeps its size with a grey bar in place of the value.
 */
function Stat({
  label,
  value,
  hint,
  tone = 'plain',
  className = '',
}: {
  label: string;
  value: string | null;
  hint?: ReactNode;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <div className={`flex min-h-26 min-w-0 flex-col rounded-xl border p-4 ${tones[tone]} ${className}`}>
      <dt className="text-xs font-medium text-emerald-200/75">{label}</dt>
      <dd className="mt-1 text-xl font-bold wrap-normal text-white tabular-nums sm:text-2xl">
        {value ?? <Placeholder className="h-8 w-20" />}
      </dd>
      {hint && <dd className="mt-auto pt-1 text-xs text-emerald-100/75">{hint}</dd>}
    </div>
  );
}

/** The cards of a group: two to a row on phones, four (or `wide`: five) from large screens. */
function StatGrid({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 ${wide ? 'lg:grid-cols-3 xl:grid-cols-5' : 'lg:grid-cols-4'}`}>
      {children}
    </dl>
  );
}

const linkClass = 'rounded font-semibold text-lime-300 underline-offset-4 hover:underline';

export function OverviewSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  /** Beside the heading, e.g. the period switch. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-white">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

type Overview = AdminOverviewResponse | null;

/**
 * What needs the admin now, and what runs: the settle queue, matches whose result waits for them, failed
 * deliveries, subscriptions, deposits. Five cards: the last spans two columns until they fit on one row.
 */
export function RightNowFigures({ data }: { data: Overview }) {
  return (
    <StatGrid wide>
      <Stat
        label="Awaiting settlement"
        value={data && formatCount(data.toSettle)}
        tone={data && data.toSettle > 0 ? 'warn' : 'plain'}
        hint={
          <Link to={adminPaths.toSettle} className={linkClass}>
            Open the queue
          </Link>
        }
      />
      <Stat
        label="Matches waiting for you"
        value={data && formatCount(data.matchesWaitingForAdmin)}
        tone={data && data.matchesWaitingForAdmin > 0 ? 'warn' : 'plain'}
        hint={
          <Link to={adminPaths.waitingMatches} className={linkClass}>
            Record their results
          </Link>
        }
      />
      <Stat
        label="Failed deliveries (30 days)"
        value={data && formatCount(data.failedDeliveries)}
        tone={data && data.failedDeliveries > 0 ? 'alert' : 'plain'}
        hint="Push and Telegram"
      />
      <Stat
        label="Active subscriptions"
        value={data && formatCount(data.subscriptions.active)}
        hint="Rollover plans"
      />
      <Stat
        label="Successful deposits (30 days)"
        value={data && formatCount(data.deposits.count30d)}
        className="col-span-2 xl:col-span-1"
      />
    </StatGrid>
  );
}

/**
 * Money out (PRODUCT 11): withdrawals waiting for the admin (the queue) and with the provider, what reached
 * banks in 30 days with the providers' fees (the operator's cost), and money-back refunds of lost codes.
 */
export function MoneyOutFigures({ data }: { data: Overview }) {
  const withdrawals = data?.withdrawals;
  return (
    <StatGrid>
      <Stat
        label="Withdrawals to review"
        value={withdrawals ? formatCount(withdrawals.review) : null}
        tone={withdrawals && withdrawals.review > 0 ? 'warn' : 'plain'}
        hint={
          <Link to={adminPaths.withdrawals} className={linkClass}>
            Review withdrawals
          </Link>
        }
      />
      <Stat
        label="Processing"
        value={withdrawals ? formatCount(withdrawals.processing) : null}
        hint="With the provider, no outcome yet"
      />
      <Stat
        label="Paid to banks (30 days)"
        value={withdrawals ? formatAmount(withdrawals.paid30d) : null}
        hint={withdrawals ? `Provider fees ${formatAmount(withdrawals.fees30d)}` : undefined}
      />
      <Stat
        label="Money-back refunds (30 days)"
        value={data ? formatAmount(data.refunds30d) : null}
        hint="Lost or void money-back codes"
      />
    </StatGrid>
  );
}

/**
 * Accounts still open: all of them, the verified ones, and the new ones over 7 and 30 days. A closed
 * account is an erased identity and counts in none of them (so no figure can exceed the total); the
 * Users card says how many are left out.
 */
export function UserFigures({ data }: { data: Overview }) {
  const users = data?.users;
  const closedHint = users
    ? users.closed > 0
      ? `Open accounts; ${formatCount(users.closed)} closed, not counted`
      : 'Open accounts'
    : undefined;
  const verifiedShare =
    users && users.total > 0 ? `${Math.round((users.verified / users.total) * 100)}% of users` : undefined;
  return (
    <StatGrid>
      <Stat label="Users" value={users ? formatCount(users.total) : null} hint={closedHint} />
      <Stat label="Verified" value={users ? formatCount(users.verified) : null} hint={verifiedShare} />
      <Stat label="New in 7 days" value={users ? formatCount(users.new7d) : null} />
      <Stat label="New in 30 days" value={users ? formatCount(users.new30d) : null} />
    </StatGrid>
  );
}

/**
 * The chosen period's sums: sign-ups, deposits, and revenue with its two products (booking codes bought,
 * rollover plans subscribed to) on a card two columns wide.
 */
export function PeriodFigures({ totals }: { totals: PeriodTotals | null }) {
  return (
    <StatGrid>
      <Stat label="Sign-ups" value={totals && formatCount(totals.signups)} />
      <Stat label="Deposits" value={totals && formatNaira(totals.deposits)} />
      <div className={`col-span-2 flex min-h-26 min-w-0 flex-col rounded-xl border p-4 ${tones.plain}`}>
        <dt className="text-xs font-medium text-emerald-200/75">Revenue</dt>
        <dd className="mt-1 text-xl font-bold wrap-normal text-white tabular-nums sm:text-2xl">
          {totals ? formatNaira(totals.revenue) : <Placeholder className="h-8 w-28" />}
        </dd>
        <dd className="mt-2">
          <dl className="grid grid-cols-2 gap-3">
            <div className="min-w-0">
              <dt className="flex items-center gap-1.5 text-xs text-emerald-200/75">
                <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm bg-lime-400" />
                Booking codes
              </dt>
              <dd className="font-semibold text-white tabular-nums">
                {totals ? formatNaira(totals.codeRevenue) : <Placeholder className="h-6 w-20" />}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="flex items-center gap-1.5 text-xs text-emerald-200/75">
                <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm bg-sky-400" />
                Rollover plans
              </dt>
              <dd className="font-semibold text-white tabular-nums">
                {totals ? formatNaira(totals.planRevenue) : <Placeholder className="h-6 w-20" />}
              </dd>
            </div>
          </dl>
        </dd>
      </div>
    </StatGrid>
  );
}
