import { type WithdrawalStatus, withdrawalStatusLabels } from '@cashtips/contract/payouts';
import { badgeClass } from '../../../components/ui/badge.tsx';

const statusClasses: Record<WithdrawalStatus, string> = {
  review: 'bg-amber-400/15 text-amber-200',
  processing: 'bg-sky-400/15 text-sky-200',
  paid: 'bg-lime-400/15 text-lime-200',
  failed: 'bg-rose-400/15 text-rose-200',
  rejected: 'bg-rose-400/15 text-rose-200',
  cancelled: 'bg-emerald-800/70 text-emerald-100/80',
};

/** A withdrawal's status in the contract's words (In review, Processing, Paid, …). */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return (
    <span data-status={status} className={`${badgeClass} ${statusClasses[status]}`}>
      {withdrawalStatusLabels[status]}
    </span>
  );
}
