import { PAYOUT_ACCOUNT_WAIT_HOURS, type PayoutAccount } from '@cashtips/contract/payouts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock-icon.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePayoutAccount } from '../api/payout-account.ts';
import { PayoutAccountForm } from './payout-account-form.tsx';

/** The id of the panel's heading: the withdraw modal links to it (wallet page) when there is no account yet. */
export const PAYOUT_ACCOUNT_ANCHOR = 'payout-account';

/** Withdrawals to a changed account wait until `availableAt`; null once it has passed (or is unreadable). */
export function accountOpensAt(account: PayoutAccount, now: Date): string | null {
  const opens = Date.parse(account.availableAt);
  return Number.isFinite(opens) && opens > now.getTime() ? account.availableAt : null;
}

/** The sentence saying when a changed account can receive withdrawals, in Lagos time. */
export function accountOpensMessage(availableAt: string): string {
  return `Withdrawals to this account open on ${formatDateTime(availableAt)}.`;
}

/**
 * The bank account withdrawals are paid to: the form to add one, or the account with Change (the same
 * form, which keeps the current account until the new one is saved).
 */
export function PayoutAccountPanel() {
  return (
    <div className="flex flex-col gap-3">
      <h3
        id={PAYOUT_ACCOUNT_ANCHOR}
        tabIndex={-1}
        className="scroll-mt-24 text-base font-semibold text-white focus:outline-none"
      >
        Your payout account
      </h3>
      <PayoutAccountBody />
    </div>
  );
}

function PayoutAccountBody() {
  const query = usePayoutAccount();
  const [changing, setChanging] = useState(false);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading your payout account" className="card gap-3 p-5 sm:p-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-2 h-11 w-28 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load your payout account."
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const { account } = query.data;
  if (!account || changing) {
    return (
      <div className="card min-w-0 gap-4 p-5 sm:p-6">
        <div>
          <h4 className="font-semibold text-white">
            {account ? 'Change your payout account' : 'Add your payout account'}
          </h4>
          <p className="mt-1 text-sm text-emerald-100/75">
            The Nigerian bank account your withdrawals are paid to. It should be in your own name.
          </p>
        </div>
        <PayoutAccountForm
          replacing={Boolean(account)}
          onSaved={() => setChanging(false)}
          onCancel={account ? () => setChanging(false) : undefined}
        />
      </div>
    );
  }
  return <AccountCard account={account} onChange={() => setChanging(true)} />;
}

function AccountCard({ account, onChange }: { account: PayoutAccount; onChange: () => void }) {
  const now = useNow(30_000);
  const opensAt = accountOpensAt(account, now);
  return (
    <div className="card min-w-0 gap-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-bold break-words text-white">{account.accountName}</p>
          <p className="text-sm text-emerald-100/85">
            {account.bankName} · <span className="font-mono tabular-nums">{account.accountNumber}</span>
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={onChange}
          aria-label={`Change payout account (${account.bankName} ${account.accountNumber})`}
        >
          Change
        </Button>
      </div>
      {opensAt && (
        <p className="flex items-start gap-2 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
          <ClockIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            {accountOpensMessage(opensAt)} For your safety, a changed account can receive withdrawals{' '}
            {PAYOUT_ACCOUNT_WAIT_HOURS} hours after the change.
          </span>
        </p>
      )}
    </div>
  );
}
