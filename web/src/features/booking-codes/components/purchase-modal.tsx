import { type BookingCode, codeMessages } from '@cashtips/contract/booking-codes';
import type { WalletType } from '@cashtips/contract/wallet';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { toast } from '../../../lib/toast.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { usePurchaseBookingCode } from '../api/purchase-booking-code.ts';

const walletLabels: Record<WalletType, string> = { main: 'Main wallet', bonus: 'Bonus wallet' };

interface PurchaseModalProps {
  code: BookingCode;
  open: boolean;
  onClose: () => void;
}

/** Pay for a code from the main or the bonus wallet; a wallet that cannot cover the price says by how much. */
export function PurchaseModal({ code, open, onClose }: PurchaseModalProps) {
  const money = useMoney();
  const balances = useWalletBalances();
  const purchase = usePurchaseBookingCode(code._id);
  const balanceOf = (wallet: WalletType) => (wallet === 'main' ? balances.mainWallet : balances.bonusWallet);
  const [wallet, setWallet] = useState<WalletType>(() =>
    balances.mainWallet < code.price && balances.bonusWallet >= code.price ? 'bonus' : 'main',
  );
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = () => {
    setFailure(null);
    if (balanceOf(wallet) < code.price) {
      toast.error(codeMessages.insufficientBalance(wallet));
      return;
    }
    purchase.mutate(wallet, {
      onSuccess: (response) => {
        toast.success(response.message || codeMessages.purchaseSuccess);
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, codeMessages.purchaseFailed);
        setFailure(message);
        toast.error(message);
      },
    });
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Buy booking code"
      description={`${code.bookmaker} · ${code.totalOdds.toFixed(2)} odds · ${money.format(code.price)}`}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-white">Pay from</legend>
        {(['main', 'bonus'] as const).map((option) => {
          const balance = balanceOf(option);
          const short = code.price - balance;
          return (
            <label
              key={option}
              className={`flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-3 ${
                wallet === option ? 'border-lime-300 bg-lime-400/10' : 'border-emerald-700 bg-emerald-950/40'
              }`}
            >
              <input
                type="radio"
                name="purchase-wallet"
                value={option}
                checked={wallet === option}
                onChange={() => setWallet(option)}
                className="size-5 accent-lime-400"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-white">{walletLabels[option]}</span>
                <span className="text-sm text-emerald-100/75 tabular-nums">
                  Balance {money.format(balance)}
                </span>
              </span>
              {short > 0 && (
                <span className="text-right text-xs font-semibold text-rose-300">
                  Insufficient Balance
                  <span className="block font-normal text-rose-200/80">Short by {money.format(short)}</span>
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      {failure && (
        <p role="alert" className="mt-4 rounded-xl bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {failure}
        </p>
      )}
      <div className="mt-5 flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={close}>
          Cancel
        </Button>
        <Button className="flex-1" loading={purchase.isPending} onClick={confirm}>
          Pay {money.format(code.price)}
        </Button>
      </div>
    </Modal>
  );
}
