import { WalletBalances } from '../../features/wallet/components/wallet-balances.tsx';
import { useSession } from '../../lib/session/session-context.ts';

export default function DashboardRoute() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          Welcome back, {user.firstName}
        </h1>
        <p className="mt-1 text-emerald-100/75">Here are your wallet balances.</p>
      </header>
      <WalletBalances mainWallet={user.mainWallet} bonusWallet={user.bonusWallet} />
    </div>
  );
}
