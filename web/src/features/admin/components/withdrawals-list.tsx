import {
  type AdminWithdrawal,
  payoutMessages,
  payoutProviderLabels,
  rejectWithdrawalSchema,
} from '@cashtips/contract/payouts';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useApproveWithdrawal, useRejectWithdrawal } from '../api/review-withdrawal.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatAmount, formatDateTime, reviewReasonLabels } from '../utils/format.ts';
import { WithdrawalStatusBadge } from './badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DateTime } from './date-time.tsx';
import { bodyCell, bodyRow, card, cardList, headCell, tableClass, tableFrame } from './table-styles.ts';
import { TextAreaField } from './text-area-field.tsx';

type Review = { action: 'approve' | 'reject'; withdrawal: AdminWithdrawal };

const REASON_MAX = 500;
const linkClass = 'rounded font-semibold text-white underline-offset-4 hover:text-lime-300 hover:underline';

/** '₦60,000 to ADA OBI (Guaranty Trust Bank 0123456789)': the words of the dialogs and the buttons' names. */
const describe = (withdrawal: AdminWithdrawal) =>
  `${formatAmount(withdrawal.amount)} to ${withdrawal.accountName} (${withdrawal.bankName} ${withdrawal.fullAccountNumber})`;

function UserCell({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <>
      <Link to={adminPaths.user(withdrawal.user._id)} className={linkClass}>
        {withdrawal.user.name || withdrawal.user.email}
      </Link>
      <p className="text-xs break-all text-emerald-100/70">{withdrawal.user.email}</p>
    </>
  );
}

function AccountCell({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <>
      <p className="font-semibold break-words text-white">{withdrawal.accountName}</p>
      <p className="font-mono text-xs text-emerald-50 tabular-nums">{withdrawal.fullAccountNumber}</p>
      <p className="text-xs text-emerald-100/70">
        {withdrawal.bankName} <span className="text-emerald-100/50">({withdrawal.bankCode})</span>
      </p>
    </>
  );
}

function StatusCell({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <>
      <WithdrawalStatusBadge status={withdrawal.status} />
      {withdrawal.reason && <p className="mt-1 text-xs break-words text-rose-200/85">{withdrawal.reason}</p>}
    </>
  );
}

function Actions({
  withdrawal,
  onReview,
}: {
  withdrawal: AdminWithdrawal;
  onReview: (review: Review) => void;
}) {
  if (withdrawal.status !== 'review') return null;
  const what = describe(withdrawal);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        className="min-h-10 px-4"
        aria-label={`Approve ${what}`}
        onClick={() => onReview({ action: 'approve', withdrawal })}
      >
        Approve
      </Button>
      <Button
        variant="secondary"
        className="min-h-10 px-4"
        aria-label={`Reject ${what}`}
        onClick={() => onReview({ action: 'reject', withdrawal })}
      >
        Reject
      </Button>
    </div>
  );
}

const reviewReason = (withdrawal: AdminWithdrawal) =>
  withdrawal.reviewReason ? reviewReasonLabels[withdrawal.reviewReason] : '—';
const fee = (withdrawal: AdminWithdrawal) => (withdrawal.fee === null ? '—' : formatAmount(withdrawal.fee));

/**
 * Withdrawals as a table on desktop and cards on phones: who, how much, the full account paid to, why it
 * waits, the provider and its fee, and Approve / Reject on those in review (each confirmed first).
 */
export function WithdrawalsList({
  withdrawals,
  caption,
}: {
  withdrawals: AdminWithdrawal[];
  caption: string;
}) {
  const [review, setReview] = useState<Review | null>(null);
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                User
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Amount
              </th>
              <th scope="col" className={headCell}>
                Account
              </th>
              <th scope="col" className={headCell}>
                Review
              </th>
              <th scope="col" className={headCell}>
                Created
              </th>
              <th scope="col" className={headCell}>
                Provider
              </th>
              <th scope="col" className={headCell}>
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal._id} className={bodyRow}>
                <td className={`${bodyCell} max-w-60 min-w-40`}>
                  <UserCell withdrawal={withdrawal} />
                </td>
                <td className={`${bodyCell} max-w-40 text-right`}>
                  <span className="font-semibold whitespace-nowrap tabular-nums">
                    {formatAmount(withdrawal.amount)}
                  </span>
                  <span className="block font-mono text-[0.7rem] break-all text-emerald-200/60">
                    {withdrawal.reference}
                  </span>
                </td>
                <td className={`${bodyCell} min-w-40`}>
                  <AccountCell withdrawal={withdrawal} />
                </td>
                <td className={`${bodyCell} whitespace-nowrap`}>{reviewReason(withdrawal)}</td>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <DateTime iso={withdrawal.createdAt} />
                </td>
                <td className={`${bodyCell} whitespace-nowrap`}>
                  {payoutProviderLabels[withdrawal.provider]}
                  <span className="block text-xs text-emerald-200/70">Fee {fee(withdrawal)}</span>
                </td>
                <td className={`${bodyCell} min-w-36`}>
                  <StatusCell withdrawal={withdrawal} />
                  <div className="mt-2 empty:hidden">
                    <Actions withdrawal={withdrawal} onReview={setReview} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label={caption}>
        {withdrawals.map((withdrawal) => (
          <li key={withdrawal._id} className={card}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <UserCell withdrawal={withdrawal} />
              </div>
              <WithdrawalStatusBadge status={withdrawal.status} />
            </div>
            <p className="mt-2 text-lg font-bold text-white tabular-nums">
              {formatAmount(withdrawal.amount)}
            </p>
            <div className="mt-1 text-sm">
              <AccountCell withdrawal={withdrawal} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 border-t border-emerald-800/60 pt-3 text-xs">
              <div>
                <dt className="text-emerald-200/60">Review</dt>
                <dd className="text-emerald-50">{reviewReason(withdrawal)}</dd>
              </div>
              <div>
                <dt className="text-emerald-200/60">Created</dt>
                <dd className="text-emerald-50">{formatDateTime(withdrawal.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-emerald-200/60">Provider</dt>
                <dd className="text-emerald-50">{payoutProviderLabels[withdrawal.provider]}</dd>
              </div>
              <div>
                <dt className="text-emerald-200/60">Fee</dt>
                <dd className="text-emerald-50 tabular-nums">{fee(withdrawal)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-emerald-200/60">Reference</dt>
                <dd className="font-mono break-all text-emerald-50">{withdrawal.reference}</dd>
              </div>
              {withdrawal.reason && (
                <div className="col-span-2">
                  <dt className="text-emerald-200/60">Reason</dt>
                  <dd className="break-words text-rose-200/90">{withdrawal.reason}</dd>
                </div>
              )}
            </dl>
            <div className="mt-3 empty:hidden">
              <Actions withdrawal={withdrawal} onReview={setReview} />
            </div>
          </li>
        ))}
      </ul>
      <ApproveDialog
        withdrawal={review?.action === 'approve' ? review.withdrawal : null}
        onDone={() => setReview(null)}
      />
      <RejectDialog
        withdrawal={review?.action === 'reject' ? review.withdrawal : null}
        onDone={() => setReview(null)}
      />
    </>
  );
}

function ApproveDialog({ withdrawal, onDone }: { withdrawal: AdminWithdrawal | null; onDone: () => void }) {
  const approve = useApproveWithdrawal();
  const confirm = () => {
    if (!withdrawal) return;
    approve.mutate(withdrawal._id, {
      onSuccess: (response) => toast.success(response.message),
      onError: (error) =>
        toast.error(errorMessage(error, 'The withdrawal was not approved. Please try again.')),
      onSettled: onDone,
    });
  };
  return (
    <ConfirmDialog
      open={withdrawal !== null}
      title="Approve this withdrawal?"
      confirmLabel="Approve and pay"
      busy={approve.isPending}
      onConfirm={confirm}
      onCancel={onDone}
    >
      {withdrawal && (
        <>
          <p>
            Pay {describe(withdrawal)} for {withdrawal.user.name || withdrawal.user.email}.
          </p>
          <p className="mt-2">
            The transfer goes to {payoutProviderLabels[withdrawal.provider]} at once and cannot be stopped.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}

function RejectDialog({ withdrawal, onDone }: { withdrawal: AdminWithdrawal | null; onDone: () => void }) {
  const reject = useRejectWithdrawal();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onDone();
  };

  const confirm = () => {
    if (!withdrawal || reject.isPending) return;
    const parsed = rejectWithdrawalSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? payoutMessages.rejectReasonRequired);
      reasonRef.current?.focus();
      return;
    }
    reject.mutate(
      { id: withdrawal._id, ...parsed.data },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          close();
        },
        onError: (failure) => {
          const fieldMessage =
            failure instanceof ApiError
              ? failure.errors.find((item) => item.field === 'reason')?.message
              : undefined;
          if (fieldMessage || (failure instanceof ApiError && failure.status === 400)) {
            setError(fieldMessage ?? failure.message);
            reasonRef.current?.focus();
            return;
          }
          toast.error(errorMessage(failure, 'The withdrawal was not rejected. Please try again.'));
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={withdrawal !== null}
      title="Reject this withdrawal?"
      confirmLabel="Reject"
      tone="danger"
      busy={reject.isPending}
      onConfirm={confirm}
      onCancel={close}
      initialFocusRef={reasonRef}
    >
      {withdrawal && (
        <p>
          {describe(withdrawal)} goes back to the main wallet of{' '}
          {withdrawal.user.name || withdrawal.user.email}.
        </p>
      )}
      <TextAreaField
        ref={reasonRef}
        label="Reason (required, the user reads it)"
        hint="Say what is wrong and what they can do, e.g. the account name does not match."
        className="mt-4"
        value={reason}
        maxLength={REASON_MAX}
        required
        readOnly={reject.isPending}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
