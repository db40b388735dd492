import {
  QuickActionTiles,
  quickActionTileClass,
  ReferFriendsLink,
} from '../../features/dashboard/components/quick-actions.tsx';
import { DepositButton } from '../../features/wallet/components/deposit-button.tsx';

/** /quick-actions: every Quick Actions tile on one page (the compact dashboard's More). */
export default function QuickActionsRoute() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Quick Actions</h1>
        <p className="mt-1 text-emerald-100/75">Everything you do most, one tap away.</p>
      </header>
      <QuickActionTiles
        depositAction={
          <DepositButton variant="secondary" className={quickActionTileClass} whenRestricted="disable">
            Deposit
          </DepositButton>
        }
      />
      <ReferFriendsLink />
    </div>
  );
}
