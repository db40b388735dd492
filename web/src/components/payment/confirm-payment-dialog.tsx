import { formatMoney } from '@cashtips/contract/currency';
import type { WalletType } from '@cashtips/contract/wallet';
import { useState } from 'react';
import { useMoney } from '../../lib/currency/use-money.ts';
import { toast } from '../../lib/toast.ts';
import { payingWallet, useWalletBalances } from '../../lib/wallets/get-wallet-balance.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

export const walletNames: Record<WalletType, string> = { main: 'Main Wallet', bonus: 'Bonus Wallet' };

/** Wallets hold naira and are charged in naira, whatever currency the screens show amounts in. */
const naira = (amount: number) => formatMoney(amount, 'NGN');

interface ConfirmPaymentDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the dialog does: "Buy booking code", "Subscribe to Weekend Banker". */
  title: string;
  /** The item in one line, under the title. */
  item: string;
  /** The price in naira. */
  price: number;
  /** Runs the payment from the wallet the user confirmed (it covers the price). */
  onConfirm: (wallet: WalletType) => void;
  pending: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  failure: string | null;
  /** The spec's toast when the chosen wallet is short: "Insufficient balance in {wallet} wallet". */
  insufficientMessage: (wallet: WalletType) => string;
}

/**
 * The one step before money moves (booking-code purchases and plan subscriptions): what is paid, from
 * which wallet, and each wallet's balance before and after, with the spec's "Insufficient Balance" and
 * shortfall on a wallet that cannot cover it. Starts on the wallet the spec pays from (main, else bonus
 * when only bonus covers the price); nothing is charged until "Pay ₦5,000 from Main Wallet".
 */
export function ConfirmPaymentDialog({ open, onClose, title, item, ...choice }: ConfirmPaymentDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={item}>
      {/* Mounted while open only: each opening starts again from the default wallet. */}
      <PaymentChoice onClose={onClose} {...choice} />
    </Modal>
  );
}

function PaymentChoice({
  onClose,
  price,
  onConfirm,
  pending,
  failure,
  insufficientMessage,
}: Omit<ConfirmPaymentDialogProps, 'open' | 'title' | 'item'>) {
  const money = useMoney();
  const balances = useWalletBalances();
  const balanceOf = (wallet: WalletType) => (wallet === 'main' ? balances.mainWallet : balances.bonusWallet);
  const [wallet, setWallet] = useState<WalletType>(() => payingWallet(price, balances) ?? 'main');
  const [short, setShort] = useState<string | null>(null);

  const confirm = () => {
    if (balanceOf(wallet) < price) {
      const message = insufficientMessage(wallet);
      setShort(message);
      toast.error(message);
      return;
    }
    setShort(null);
    onConfirm(wallet);
  };

  const problem = short ?? failure;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-2xl bg-emerald-950/50 px-4 py-3">
        <span className="text-sm text-emerald-100/80">You pay</span>
        <span className="text-right">
          <span className="text-2xl font-bold whitespace-nowrap text-lime-300 tabular-nums">
            {naira(price)}
          </span>
          {money.currency !== 'NGN' && (
            <span className="block text-xs whitespace-nowrap text-emerald-100/70">
              about {money.format(price)}
            </span>
          )}
        </span>
      </p>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-white">Pay from</legend>
        {(['main', 'bonus'] as const).map((option) => {
          const balance = balanceOf(option);
          const shortBy = price - balance;
          return (
            <label
              key={option}
              className={`flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-3 ${
                wallet === option ? 'border-lime-300 bg-lime-400/10' : 'border-emerald-700 bg-emerald-950/40'
              }`}
            >
              <input
                type="radio"
                name="payment-wallet"
                value={option}
                checked={wallet === option}
                onChange={() => {
                  setWallet(option);
                  setShort(null);
                }}
                className="size-5 shrink-0 accent-lime-400"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-white">{walletNames[option]}</span>
                <span className="text-sm text-emerald-100/75 tabular-nums">
                  Balance <span className="whitespace-nowrap">{naira(balance)}</span>
                  {shortBy <= 0 && (
                    <>
                      {' '}
                      → <span className="whitespace-nowrap">{naira(balance - price)}</span> after
                    </>
                  )}
                </span>
                {shortBy > 0 && (
                  <span className="text-sm font-semibold text-rose-300">
                    Insufficient Balance{' '}
                    <span className="font-normal whitespace-nowrap text-rose-200/80">
                      · Short by {naira(shortBy)}
                    </span>
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      {problem && (
        <p role="alert" className="rounded-xl bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {problem}
        </p>
      )}
      {/* On phones the payment button sits above Cancel, where the thumb is; Cancel comes first for Tab. */}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button className="sm:flex-1" loading={pending} onClick={confirm}>
          Pay {naira(price)} from {walletNames[wallet]}
        </Button>
      </div>
    </div>
  );
}
