import { useLocation } from 'react-router';
import { ArrowLeftIcon } from '../../../components/ui/icons/arrow-left-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useAdminUser } from '../../../features/admin/api/get-admin-user.ts';
import { AdjustWalletForm } from '../../../features/admin/components/adjust-wallet-form.tsx';
import {
  ClosedBadge,
  RestrictionBadge,
  RoleBadge,
  VerifiedBadge,
} from '../../../features/admin/components/badge.tsx';
import { ListEmpty, ListError, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { RoleControl } from '../../../features/admin/components/role-control.tsx';
import { UserDeposits } from '../../../features/admin/components/user-deposits.tsx';
import { UserLedger } from '../../../features/admin/components/user-ledger.tsx';
import { UserBalances, UserProfile } from '../../../features/admin/components/user-summary.tsx';
import { UserWithdrawals } from '../../../features/admin/components/user-withdrawals.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { fullName } from '../../../features/admin/utils/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageName } from '../../page-title.tsx';

function BackToUsers() {
  return (
    <Link
      to={adminPaths.users}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg text-sm font-semibold text-lime-300 hover:text-lime-200"
    >
      <ArrowLeftIcon className="size-4" />
      All users
    </Link>
  );
}

/**
 * The :id of /admin/users/:id, read from the location: useParams is used nowhere else, and react-router
 * lives in the entry chunk, so using it would add its code to the landing page's budget.
 */
function useUserIdFromPath(): string {
  const { pathname } = useLocation();
  const segment = pathname.slice(adminPaths.users.length + 1).split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default function AdminUserDetailRoute() {
  const id = useUserIdFromPath();
  const query = useAdminUser(id);
  const user = query.data?.user;
  usePageName(user ? fullName(user) : undefined);

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6">
        <BackToUsers />
        <p role="status" className="text-sm text-emerald-100/75">
          Loading the user…
        </p>
        <SkeletonRows rows={3} height="h-28" />
      </div>
    );
  }

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        <BackToUsers />
        <h1 className="text-2xl font-bold text-white">{notFound ? 'User not found' : 'User'}</h1>
        {notFound ? (
          <ListEmpty>There is no user with this address. They may have been removed.</ListEmpty>
        ) : (
          <ListError
            error={query.error}
            fallback="Could not load this user."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
      </div>
    );
  }

  const { user: detail, deposits } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <BackToUsers />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words text-white sm:text-3xl">
            {fullName(detail)}
          </h1>
          <RoleBadge role={detail.role} />
          <VerifiedBadge verified={detail.emailVerified} />
          <ClosedBadge closedAt={detail.closedAt} />
          <RestrictionBadge restriction={detail.restriction} />
        </div>
        <p className="break-words text-emerald-100/80">{detail.email}</p>
        {detail.restriction && (
          <p className="text-sm text-amber-100/90">
            The user chose this: no deposit, purchase, subscription or marketing until it ends. Nobody can
            lift or shorten it.
          </p>
        )}
      </header>
      {/*
       * Phones read top to bottom: balances, then the adjustment, then the facts. On desktop the form is a
       * column of its own beside balances, profile and role; the last row takes any height left over.
       */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <UserBalances user={detail} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <AdjustWalletForm key={detail._id} user={detail} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <UserProfile user={detail} />
        </div>
        <div className="min-w-0 self-start lg:col-start-1 lg:row-start-3">
          <RoleControl user={detail} />
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-8">
        <UserLedger key={detail._id} userId={detail._id} />
        <UserDeposits deposits={deposits} email={detail.email} />
        <UserWithdrawals key={detail._id} userId={detail._id} />
      </div>
    </div>
  );
}
