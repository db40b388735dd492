import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { GiftIcon } from '../../../components/ui/icons/gift-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { useReferrals } from '../api/get-referrals.ts';

export const REFERRAL_CODE_COPIED = 'Referral code copied!';

interface ReferralWidgetProps {
  /** The Withdraw Bonus entry point, which renders nothing while the bonus is 0. */
  withdrawAction?: ReactNode;
  /** Compact: active referrals and total earned only (the rest is on the referral page). */
  compact?: boolean;
}

/** Dashboard's Referral Program widget: figures, the code with Copy, and the way to the referral page. */
export function ReferralWidget({ withdrawAction, compact = false }: ReferralWidgetProps) {
  const query = useReferrals();
  const money = useMoney();
  const { bonusWallet } = useWalletBalances();
  const data = query.data;

  return (
    <section aria-labelledby="referral-widget-title" className="card gap-5">
      <div className="flex items-center gap-3">
        <h2 id="referral-widget-title" className="flex items-center gap-2 text-lg font-bold text-white">
          <span className="icon-box size-9">
            <GiftIcon className="size-5" />
          </span>
          Referral Program
        </h2>
      </div>
      {query.isError && !data ? (
        <ErrorState
          className="min-h-[12.5rem]"
          title="Could not load your referral figures."
          message={errorMessage(query.error, 'Please try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <dl className={`grid grid-cols-2 gap-3 ${compact ? '' : 'lg:grid-cols-4'}`}>
            <Figure label="Active referrals" value={data ? String(data.activeReferrals) : undefined} />
            <Figure label="Total earned" value={data ? money.format(data.totalEarnings) : undefined} />
            {!compact && (
              <>
                <Figure label="Pending" value={data ? money.format(data.pendingEarnings) : undefined} />
                <Figure label="Bonus balance" value={data ? money.format(bonusWallet) : undefined} />
              </>
            )}
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-lime-300/40 bg-lime-400/5 px-4 py-3">
            <div className="min-w-0">
              <p className="text-xs font-medium text-emerald-200/70">Your referral code</p>
              {data ? (
                <p className="truncate font-mono text-lg font-bold tracking-wider text-white">
                  {data.referralCode}
                </p>
              ) : (
                <Skeleton className="my-1 h-5 w-28" />
              )}
            </div>
            {data ? (
              <CopyButton
                text={data.referralCode}
                label="Copy referral code"
                successMessage={REFERRAL_CODE_COPIED}
              />
            ) : (
              <Skeleton className="h-11 w-24 rounded-xl" />
            )}
          </div>
        </>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {withdrawAction}
        <Link
          to={paths.referral}
          className="ml-auto inline-flex min-h-11 items-center gap-1 rounded-xl px-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
        >
          Referral dashboard
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="rounded-xl bg-emerald-950/50 px-3 py-3">
      <dt className="text-xs font-medium text-emerald-200/70">{label}</dt>
      <dd className="mt-1 h-7 text-lg font-bold text-white tabular-nums">
        {value ?? <Skeleton className="mt-1 h-5 w-16" />}
      </dd>
    </div>
  );
}
