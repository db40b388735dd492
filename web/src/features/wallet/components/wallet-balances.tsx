import type { ReactNode } from 'react';
import { GiftIcon } from '../../../components/ui/icons/gift-icon.tsx';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';

interface WalletBalancesProps {
  /** Buttons under each balance (Deposit, Withdraw Bonus); side by side, the cards keep one height. */
  mainAction?: ReactNode;
  bonusAction?: ReactNode;
}

/** Both wallets, live (polled, pushed by the server) and in the chosen display currency. */
export function WalletBalances({ mainAction, bonusAction }: WalletBalancesProps) {
  const { mainWallet, bonusWallet } = useWalletBalances();
  const money = useMoney();
  return (
    <section aria-labelledby="wallets-title">
      <h2 id="wallets-title" className="sr-only">
        Wallets
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col rounded-2xl border border-lime-300/30 bg-gradient-to-br from-lime-400/20 to-emerald-900/40 p-5">
          <div className="flex items-center gap-2 text-sm font-medium text-lime-200">
            <WalletIcon className="size-5" />
            Main wallet
          </div>
          <p className="mt-3 text-3xl font-extrabold tracking-tight text-white tabular-nums">
            {money.format(mainWallet)}
          </p>
          <p className="mt-1 text-xs text-emerald-100/70">Spend on rollover plans and booking codes.</p>
          {mainAction && <div className="mt-4 flex flex-wrap gap-2 empty:hidden">{mainAction}</div>}
        </div>
        <div className="flex flex-col rounded-2xl border border-emerald-700/70 bg-emerald-900/40 p-5">
          <div className="flex items-center gap-2 text-sm font-medium text-emerald-200">
            <GiftIcon className="size-5" />
            Bonus wallet
          </div>
          <p className="mt-3 text-3xl font-extrabold tracking-tight text-white tabular-nums">
            {money.format(bonusWallet)}
          </p>
          <p className="mt-1 text-xs text-emerald-100/70">
            Referral bonuses, withdrawable to your main wallet.
          </p>
          {bonusAction && <div className="mt-4 flex flex-wrap gap-2 empty:hidden">{bonusAction}</div>}
        </div>
      </div>
    </section>
  );
}
