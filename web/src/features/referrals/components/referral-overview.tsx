import type { ReferralsResponse, ReferredUser } from '@cashtips/contract/referrals';
import { type ReactNode, useEffect, useState } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PeopleIcon } from '../../../components/ui/icons/people-icon.tsx';
import { ShareIcon } from '../../../components/ui/icons/share-icon.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { REFERRAL_CODE_COPIED } from './referral-widget.tsx';

export const REFERRAL_LINK_COPIED = 'Referral link copied!';

interface ReferralOverviewProps {
  /** The Withdraw Bonus entry point, which renders nothing while the bonus is 0. */
  withdrawAction?: ReactNode;
}

/** The referral page: code and link to share, the figures, how the bonus works, and who joined. */
export function ReferralOverview({ withdrawAction }: ReferralOverviewProps) {
  const query = useReferrals();
  if (query.isPending) return <OverviewSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load your referrals."
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Overview data={query.data} withdrawAction={withdrawAction} />;
}

function Overview({ data, withdrawAction }: { data: ReferralsResponse; withdrawAction?: ReactNode }) {
  const money = useMoney();
  const { bonusWallet } = useWalletBalances();
  return (
    <div className="flex flex-col gap-6">
      <ShareCard code={data.referralCode} link={data.referralLink} />

      <section aria-labelledby="referral-figures-title" className="flex flex-col gap-3">
        <h2 id="referral-figures-title" className="text-lg font-bold text-white">
          Your earnings
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label="Total referrals" value={String(data.totalReferrals)} />
          <Figure label="Active referrals" value={String(data.activeReferrals)} />
          <Figure label="Total earned" value={money.format(data.totalEarnings)} />
          <Figure label="Pending" value={money.format(data.pendingEarnings)} />
          <Figure label="Bonus balance" value={money.format(bonusWallet)} highlight />
          <Figure label="Minimum withdrawal" value={money.format(data.minimumWithdrawal)} />
        </dl>
        <p className="text-sm text-emerald-100/80">
          You earn {data.bonusPercent}% of each friend's first deposit, up to {money.format(data.bonusCap)}{' '}
          per friend, paid into your bonus wallet and movable to your main wallet once it reaches{' '}
          {money.format(data.minimumWithdrawal)}.
        </p>
        {withdrawAction && <div className="flex flex-wrap gap-2 empty:hidden">{withdrawAction}</div>}
      </section>

      <section aria-labelledby="referred-users-title" className="flex flex-col gap-3">
        <h2 id="referred-users-title" className="text-lg font-bold text-white">
          Friends you referred
        </h2>
        <ReferredUsers users={data.referrals} />
      </section>
    </div>
  );
}

function ShareCard({ code, link }: { code: string; link: string }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);

  const share = async () => {
    try {
      await navigator.share({
        title: 'Join me on CashTips',
        text: `Sign up on CashTips with my referral code ${code}.`,
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast.error('Could not open sharing. Copy the link instead.');
      }
    }
  };

  return (
    <section
      aria-labelledby="share-title"
      className="card gap-5 border-lime-300/30 bg-gradient-to-br from-lime-400/15 to-emerald-900/40"
    >
      <div>
        <h2 id="share-title" className="text-lg font-bold text-white">
          Invite friends
        </h2>
        <p className="mt-1 text-sm text-emerald-100/80">
          Share your code or link. Friends who sign up with it count as your referrals.
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-emerald-200/70">Your referral code</p>
          <p className="truncate font-mono text-2xl font-extrabold tracking-wider text-white">{code}</p>
        </div>
        <CopyButton text={code} label="Copy referral code" successMessage={REFERRAL_CODE_COPIED} />
      </div>
      <div>
        <label htmlFor="referral-link" className="mb-1.5 block text-xs font-medium text-emerald-200/70">
          Your share link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="referral-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} ${inputBorder(false)} font-mono text-sm`}
          />
          <div className="flex gap-2">
            <CopyButton
              text={link}
              label="Copy link"
              successMessage={REFERRAL_LINK_COPIED}
              idleText="Copy link"
              variant="primary"
              className="flex-1"
            />
            {canShare && (
              <button type="button" onClick={share} className={`${buttonVariants.secondary} flex-1`}>
                <ShareIcon className="size-4" />
                Share
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Figure({ label, value, highlight = false }: { label: string; value: string; highlight?: boolean }) {
  return (
    <div className="rounded-2xl border border-emerald-800/70 bg-emerald-900/35 px-4 py-3">
      <dt className="text-xs font-medium text-emerald-200/70">{label}</dt>
      <dd className={`mt-1 text-xl font-bold tabular-nums ${highlight ? 'text-lime-300' : 'text-white'}`}>
        {value}
      </dd>
    </div>
  );
}

const statusStyles = {
  active: 'bg-lime-400/15 text-lime-200 ring-lime-300/30',
  pending: 'bg-amber-400/10 text-amber-200 ring-amber-300/30',
} as const;

function ReferredUsers({ users }: { users: ReferredUser[] }) {
  const money = useMoney();
  if (users.length === 0) {
    return (
      <EmptyState
        icon={<PeopleIcon className="size-6" />}
        title="No referrals yet"
        message="When friends sign up with your code or link, they appear here with what you earned from them."
      />
    );
  }
  return (
    <ul aria-label="Referred friends" className="flex flex-col gap-2">
      {users.map((user) => (
        <li
          key={user._id}
          className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 rounded-2xl border border-emerald-800/70 bg-emerald-900/35 px-4 py-3 sm:grid-cols-[1fr_10rem_7rem_8rem]"
        >
          <span className="truncate font-semibold text-white">{user.name}</span>
          <span
            className={`text-right font-semibold tabular-nums sm:order-last ${user.earned > 0 ? 'text-lime-300' : 'text-emerald-200/60'}`}
          >
            <span className="sr-only">Earned </span>
            {money.format(user.earned)}
          </span>
          <span className="text-xs text-emerald-200/70 sm:text-sm">
            Joined <time dateTime={user.joinedAt}>{formatDate(user.joinedAt)}</time>
          </span>
          <span className="justify-self-end sm:justify-self-start">
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusStyles[user.status]}`}
            >
              {user.status === 'active' ? 'Active' : 'Pending'}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-label="Loading your referrals" className="flex flex-col gap-6">
      <div className="card h-[17.5rem] gap-4">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="mt-2 h-8 w-44" />
        <Skeleton className="mt-auto h-12 w-full" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <div
            key={key}
            className="h-[4.6rem] rounded-2xl border border-emerald-800/70 bg-emerald-900/35 px-4 py-3"
          >
            <Skeleton className="h-3 w-20" />
            <Skeleton className="mt-2 h-6 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}
