import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { DepositButton } from '../../features/wallet/components/deposit-button.tsx';
import {
  PAYOUT_ACCOUNT_ANCHOR,
  PayoutAccountPanel,
} from '../../features/wallet/components/payout-account.tsx';
import { TransactionHistory } from '../../features/wallet/components/transaction-history.tsx';
import { WalletBalances } from '../../features/wallet/components/wallet-balances.tsx';
import { WithdrawBonusButton } from '../../features/wallet/components/withdraw-bonus-button.tsx';
import { WithdrawButton } from '../../features/wallet/components/withdraw-button.tsx';
import { WithdrawalsList } from '../../features/wallet/components/withdrawals-list.tsx';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export default function WalletRoute() {
  // useLocation, not useSearchParams: the router lives in the entry chunk, so every router API a screen
  // uses is paid for by the landing page.
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const page = pageFrom(new URLSearchParams(search).get('page'));
  const changePage = useCallback(
    (next: number) => {
      navigate({ search: next > 1 ? `?page=${next}` : '' });
      document.getElementById('history-title')?.scrollIntoView({ block: 'start' });
    },
    [navigate],
  );
  // An in-app link to #payout-account (the withdraw modal's, with no account yet) scrolls to the form.
  useEffect(() => {
    if (hash !== `#${PAYOUT_ACCOUNT_ANCHOR}`) return;
    const heading = document.getElementById(PAYOUT_ACCOUNT_ANCHOR);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  }, [hash]);

  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Wallet</h1>
        <p className="mt-1 text-emerald-100/75">Your balances, deposits and every movement of your money.</p>
      </header>
      <WalletBalances
        mainAction={
          <>
            <DepositButton />
            <WithdrawButton />
          </>
        }
        bonusAction={
          <WithdrawBonusButton
            fallback={
              <Link to={paths.referral} className={buttonVariants.secondary}>
                Refer friends to earn a bonus
              </Link>
            }
          />
        }
      />
      <section aria-labelledby="withdraw-title" className="flex flex-col gap-4">
        <div>
          <h2 id="withdraw-title" className="text-lg font-bold text-white">
            Withdraw to bank
          </h2>
          <p className="text-sm text-emerald-100/70">
            Take money from your main wallet to your Nigerian bank account.
          </p>
        </div>
        <PayoutAccountPanel />
        <div className="flex flex-col gap-3">
          <div>
            <h3 className="text-base font-semibold text-white">Your withdrawals</h3>
            <p className="text-sm text-emerald-100/70">Newest first. Times are Lagos time.</p>
          </div>
          <WithdrawalsList
            emptyAction={<WithdrawButton variant="primary">Withdraw to bank</WithdrawButton>}
          />
        </div>
      </section>
      <section aria-labelledby="history-title" className="flex scroll-mt-24 flex-col gap-4">
        <div>
          <h2 id="history-title" className="scroll-mt-24 text-lg font-bold text-white">
            Transaction history
          </h2>
          <p className="text-sm text-emerald-100/70">Times are Lagos time.</p>
        </div>
        <TransactionHistory
          page={page}
          onPageChange={changePage}
          emptyAction={
            <DepositButton variant="secondary" whenRestricted="hide">
              Make a deposit
            </DepositButton>
          }
        />
      </section>
    </div>
  );
}
