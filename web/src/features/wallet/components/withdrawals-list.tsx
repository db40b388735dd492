import type { Withdrawal } from '@cashtips/contract/payouts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TransferIcon } from '../../../components/ui/icons/transfer-icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatLagosDateTime, formatNairaExact } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { useSocketEvent } from '../../../lib/use-socket-event.ts';
import { replaceWithdrawal, useCancelWithdrawal, useWithdrawals } from '../api/withdrawals.ts';
import { WithdrawalStatusBadge } from './withdrawal-status-badge.tsx';

const CANCEL_FAILED = 'Could not cancel this withdrawal. Please try again.';
const rowClass = 'rounded-2xl border border-emerald-800/70 bg-emerald-900/35 px-4 py-3';

/** Failed and rejected withdrawals say why (the provider's or the admin's words). */
const reasonLabels: Partial<Record<Withdrawal['status'], string>> = {
  failed: 'Why it failed',
  rejected: 'Why it was rejected',
};

/**
 * The user's withdrawals, newest first, with their status and reason, Cancel while in review, and Load
 * more. A `withdrawal` event updates its row at once and refreshes the list and the balances.
 */
export function WithdrawalsList({ emptyAction }: { emptyAction?: ReactNode }) {
  const query = useWithdrawals();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);

  const onWithdrawal = useCallback(
    (withdrawal: Withdrawal) => {
      replaceWithdrawal(queryClient, withdrawal);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
    },
    [queryClient],
  );
  useSocketEvent('withdrawal', onWithdrawal);

  if (query.isPending) return <WithdrawalsSkeleton />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Could not load your withdrawals."
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const withdrawals = query.data?.pages.flatMap((page) => page.withdrawals) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  if (withdrawals.length === 0) {
    return (
      <EmptyState
        icon={<TransferIcon className="size-6" />}
        title="No withdrawals yet"
        message="Money you take out to your bank account shows here, with where each withdrawal is."
        action={emptyAction}
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Withdrawals" className="flex flex-col gap-2">
        {withdrawals.map((withdrawal) => (
          <WithdrawalRow
            key={withdrawal._id}
            withdrawal={withdrawal}
            onCancel={() => setCancelling(withdrawal)}
          />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-rose-300">
          {errorMessage(query.error, 'Could not load more withdrawals.')}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-emerald-100/75" aria-live="polite">
          Showing {formatCount(withdrawals.length)} of {formatCount(total)}
        </p>
        {query.hasNextPage && (
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </div>
      <CancelWithdrawalDialog withdrawal={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

function WithdrawalRow({ withdrawal, onCancel }: { withdrawal: Withdrawal; onCancel: () => void }) {
  const reasonLabel = reasonLabels[withdrawal.status];
  const amount = formatNairaExact(withdrawal.amount);
  const created = formatLagosDateTime(withdrawal.createdAt);
  return (
    <li className={rowClass}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-lg font-bold text-white tabular-nums">{amount}</p>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <p className="mt-1 text-sm break-words text-emerald-100/85">
        {withdrawal.bankName} · <span className="font-mono tabular-nums">{withdrawal.accountNumber}</span>
        <span className="text-emerald-100/60"> · {withdrawal.accountName}</span>
      </p>
      <p className="text-xs text-emerald-200/65">
        <time dateTime={withdrawal.createdAt}>{created}</time>
      </p>
      {reasonLabel && withdrawal.reason && (
        <p className="mt-2 text-sm text-rose-200">
          {reasonLabel}: {withdrawal.reason}
        </p>
      )}
      {withdrawal.status === 'review' && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-emerald-100/70">Waiting for our review. You can still cancel it.</p>
          <Button
            variant="secondary"
            className="min-h-10 px-4"
            aria-haspopup="dialog"
            aria-label={`Cancel the withdrawal of ${amount} from ${created}`}
            onClick={onCancel}
          >
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}

/** The confirmation before a cancel: what goes back, and where. */
function CancelWithdrawalDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: Withdrawal | null;
  onClose: () => void;
}) {
  const cancel = useCancelWithdrawal();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (cancel.isPending) return;
    setFailure(null);
    onClose();
  };

  const confirm = () => {
    if (!withdrawal || cancel.isPending) return;
    setFailure(null);
    cancel.mutate(withdrawal._id, {
      onSuccess: (response) => {
        toast.success(response.message);
        onClose();
      },
      onError: (error) => setFailure(errorMessage(error, CANCEL_FAILED)),
    });
  };

  return (
    <Modal
      open={withdrawal !== null}
      onClose={close}
      title="Cancel this withdrawal?"
      description={
        withdrawal
          ? `${formatNairaExact(withdrawal.amount)} to ${withdrawal.bankName} ${withdrawal.accountNumber} goes back to your main wallet.`
          : undefined
      }
    >
      <div className="flex flex-col gap-4">
        <FormAlert message={failure} />
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            Keep it
          </Button>
          <Button loading={cancel.isPending} onClick={confirm}>
            Cancel withdrawal
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function WithdrawalsSkeleton() {
  return (
    <div role="status" aria-label="Loading withdrawals" className="flex flex-col gap-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className={`${rowClass} flex h-[6.25rem] flex-col justify-between`}>
          <div className="flex justify-between">
            <Skeleton className="h-6 w-24" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-3.5 w-32" />
        </div>
      ))}
    </div>
  );
}
