import type { TipStatus } from '@cashtips/contract/tips';
import { badgeClass } from '../../../components/ui/badge.tsx';

const statusClasses: Record<TipStatus, string> = {
  Won: 'bg-green-400/15 text-green-300',
  Lost: 'bg-red-400/15 text-red-300',
  Pending: 'bg-amber-400/15 text-amber-200',
};

/** Spec: Won, Lost, otherwise Pending, each in its colour (a void tip shows as Pending). */
export function TipStatusBadge({ status }: { status: TipStatus }) {
  return (
    <span data-status={status} className={`${badgeClass} ${statusClasses[status]}`}>
      {status}
    </span>
  );
}
