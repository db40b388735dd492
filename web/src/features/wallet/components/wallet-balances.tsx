import { GiftIcon } from '../../../components/ui/icons/gift-icon.tsx';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon.tsx';
import { formatNaira } from '../../../lib/format.ts';

interface WalletBalancesProps {
  mainWallet: number;
  bonusWallet: number;
}

export function WalletBalances({ mainWallet, bonusWallet }: WalletBalancesProps) {
  return (
    <section aria-labelledby="wallets-title">
      <h2 id="wallets-title" className="sr-only">
        Wallets
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-lime-300/30 bg-gradient-to-br from-lime-400/20 to-emerald-900/40 p-5">
          <div className="flex items-center gap-2 text-sm font-medium text-lime-200">
            <WalletIcon className="size-5" />
            Main wallet
          </div>
          <p className="mt-3 text-3xl font-extrabold tracking-tight text-white">{formatNaira(mainWallet)}</p>
          <p className="mt-1 text-xs text-emerald-100/70">Spend on rollover plans and booking codes.</p>
        </div>
        <div className="rounded-2xl border border-emerald-700/70 bg-emerald-900/40 p-5">
          <div className="flex items-center gap-2 text-sm font-medium text-emerald-200">
            <GiftIcon className="size-5" />
            Bonus wallet
          </div>
          <p className="mt-3 text-3xl font-extrabold tracking-tight text-white">{formatNaira(bonusWallet)}</p>
          <p className="mt-1 text-xs text-emerald-100/70">
            Referral bonuses, withdrawable to your main wallet.
          </p>
        </div>
      </div>
    </section>
  );
}
