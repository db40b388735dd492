import { ledgerKindLabels, type WalletTransaction } from '@cashtips/contract/wallet';
import { type ReactNode, useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { TRANSACTIONS_PAGE_SIZE, useWalletTransactions } from '../api/get-wallet-transactions.ts';

interface TransactionHistoryProps {
  page: number;
  onPageChange: (page: number) => void;
  /** Offered in the empty state, e.g. a Deposit button. */
  emptyAction?: ReactNode;
}

const walletLabels = { main: 'Main wallet', bonus: 'Bonus wallet' } as const;

/**
 * Table rows keep one fixed height (long texts are cut, whole in their title), so skeletons, pages and
 * content line up. A phone's card is at least its skeleton's height and grows by a line when it must:
 * on a 320 px phone a withdrawal's reference takes two lines, and its description (where the money
 * went, ending with the account's last digits) would otherwise be cut or hidden under the date.
 */
const cardHeight = 'h-[6.5rem]';
const cardMinHeight = 'min-h-[6.5rem]';
const rowHeight = 'h-16';

/**
 * The ledger of both wallets: cards on phones, a table from `md`, paged with Previous / Next. Times
 * are Lagos time without the label on each row (the section says it once): rows keep one height.
 */
export function TransactionHistory({ page, onPageChange, emptyAction }: TransactionHistoryProps) {
  const query = useWalletTransactions(page);
  const { data } = query;

  // A page past the end (an old link, a shorter history) shows the last page instead.
  useEffect(() => {
    if (data && data.totalPages > 0 && page > data.totalPages) onPageChange(data.totalPages);
  }, [data, page, onPageChange]);

  if (query.isPending) return <HistorySkeleton />;
  if (query.isError && !data) {
    return (
      <ErrorState
        title="Could not load your transactions."
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!data || data.total === 0) {
    return (
      <EmptyState
        icon={<ReceiptIcon className="size-6" />}
        title="No transactions yet"
        message="Deposits, purchases, bonuses and transfers will show here."
        action={emptyAction}
      />
    );
  }

  const loadingPage = query.isPlaceholderData;
  return (
    <div className="flex flex-col gap-4">
      <div
        aria-busy={loadingPage || undefined}
        className={loadingPage ? 'opacity-60 transition-opacity' : ''}
      >
        <TransactionCards transactions={data.transactions} />
        <TransactionTable transactions={data.transactions} />
      </div>
      {query.isError && (
        <p role="alert" className="text-sm text-rose-300">
          {errorMessage(query.error, 'Could not load that page.')}
        </p>
      )}
      <Pagination
        label="Transactions"
        page={Math.min(page, data.totalPages)}
        totalPages={data.totalPages}
        onPageChange={onPageChange}
      />
    </div>
  );
}

function Amount({ amount }: { amount: number }) {
  const money = useMoney();
  return (
    <span
      className={`font-semibold whitespace-nowrap tabular-nums ${amount < 0 ? 'text-rose-300' : 'text-lime-300'}`}
    >
      {money.format(amount, { signed: true })}
    </span>
  );
}

function TransactionCards({ transactions }: { transactions: WalletTransaction[] }) {
  return (
    <ul aria-label="Transactions" className="flex flex-col gap-2 md:hidden">
      {transactions.map((transaction) => (
        <li
          key={transaction._id}
          className={`${cardMinHeight} flex flex-col justify-between rounded-2xl border border-emerald-800/70 bg-emerald-900/35 px-4 py-3`}
        >
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 font-semibold text-white">{ledgerKindLabels[transaction.type]}</span>
            <Amount amount={transaction.amount} />
          </div>
          <p className="line-clamp-2 text-sm break-words text-emerald-100/80">{transaction.description}</p>
          {/* The reference whole (quoted to support): it takes a line of its own when it needs one. */}
          <p className="flex min-w-0 flex-wrap gap-x-2 text-xs text-emerald-200/65">
            <time dateTime={transaction.createdAt} className="shrink-0">
              {formatLagosDateTime(transaction.createdAt)}
            </time>
            <span aria-hidden="true">·</span>
            <span className="shrink-0">{walletLabels[transaction.wallet]}</span>
            {transaction.reference && (
              <>
                <span aria-hidden="true">·</span>
                <span className="min-w-0 font-mono wrap-anywhere">
                  <span className="sr-only">Reference </span>
                  {transaction.reference}
                </span>
              </>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

const headCell = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-emerald-200/70 uppercase';
const bodyCell = 'px-4 text-sm';

function TransactionTable({ transactions }: { transactions: WalletTransaction[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-emerald-800/70 bg-emerald-900/35 md:block">
      <table className="w-full table-fixed">
        <caption className="sr-only">Transactions</caption>
        <thead className="border-b border-emerald-800/70">
          <tr>
            <th scope="col" className={`${headCell} w-44`}>
              Date
            </th>
            <th scope="col" className={`${headCell} w-40`}>
              Type
            </th>
            <th scope="col" className={headCell}>
              Description
            </th>
            <th scope="col" className={`${headCell} w-44`}>
              Reference
            </th>
            <th scope="col" className={`${headCell} w-36 text-right`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-emerald-800/50">
          {transactions.map((transaction) => (
            <tr key={transaction._id} className={rowHeight}>
              <td className={`${bodyCell} whitespace-nowrap text-emerald-100/80`}>
                <time dateTime={transaction.createdAt}>{formatLagosDateTime(transaction.createdAt)}</time>
              </td>
              <td className={bodyCell}>
                <span className="block font-semibold whitespace-nowrap text-white">
                  {ledgerKindLabels[transaction.type]}
                </span>
                <span className="block text-xs text-emerald-200/65">{walletLabels[transaction.wallet]}</span>
              </td>
              <td className={`${bodyCell} truncate text-emerald-100/85`} title={transaction.description}>
                {transaction.description}
              </td>
              <td className={`${bodyCell} font-mono text-xs wrap-anywhere text-emerald-200/70`}>
                {transaction.reference ?? (
                  <>
                    <span aria-hidden="true" className="text-emerald-200/40">
                      —
                    </span>
                    <span className="sr-only">No reference</span>
                  </>
                )}
              </td>
              <td className={`${bodyCell} text-right`}>
                <Amount amount={transaction.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistorySkeleton() {
  const rows = Array.from({ length: TRANSACTIONS_PAGE_SIZE }, (_, index) => index);
  return (
    <div role="status" aria-label="Loading transactions">
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li
            key={row}
            className={`${cardHeight} flex flex-col justify-between rounded-2xl border border-emerald-800/70 bg-emerald-900/35 px-4 py-3`}
          >
            <div className="flex justify-between">
              <Skeleton className="h-5 w-28" />
              <Skeleton className="h-5 w-20" />
            </div>
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3.5 w-56" />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-2xl border border-emerald-800/70 bg-emerald-900/35 md:block">
        <div className="h-[2.6rem] border-b border-emerald-800/70" />
        {rows.map((row) => (
          <div
            key={row}
            className={`${rowHeight} flex items-center gap-6 border-b border-emerald-800/50 px-4 last:border-0`}
          >
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    </div>
  );
}
