import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { ListEmpty, SkeletonRows } from './list-states.tsx';
import { ListResults } from './paged-results.tsx';
import { WithdrawalsList } from './withdrawals-list.tsx';

const RECENT = 10;

/** The user's latest withdrawals, every status, with Approve / Reject on those in review; the queue has all. */
export function UserWithdrawals({ userId }: { userId: string }) {
  const query = useAdminWithdrawals({ status: '', userId, page: 1, limit: RECENT });
  const data = query.data;
  const total = data?.total ?? 0;
  return (
    <section aria-labelledby="user-withdrawals-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="user-withdrawals-title" className="text-lg font-bold text-white">
          Withdrawals
        </h2>
        {total > 0 && (
          <Link
            to={`${adminPaths.withdrawals}?status=all&userId=${encodeURIComponent(userId)}`}
            className="rounded text-sm font-semibold text-lime-300 underline-offset-4 hover:underline"
          >
            {total > RECENT ? `All ${formatCount(total)} withdrawals of this user` : 'Open in the queue'}
          </Link>
        )}
      </div>
      {data && total === 0 ? (
        <ListEmpty>No withdrawals yet.</ListEmpty>
      ) : (
        <ListResults
          query={query}
          hasRows={Boolean(data && data.withdrawals.length > 0)}
          skeleton={<SkeletonRows rows={2} height="h-20" />}
          errorFallback="Could not load this user's withdrawals."
        >
          <WithdrawalsList withdrawals={data?.withdrawals ?? []} caption="Withdrawals of this user" />
        </ListResults>
      )}
    </section>
  );
}
