import { ledgerKindLabels, type WalletTransaction } from '@cashtips/contract/wallet';
import { useState } from 'react';
import { useAdminUserTransactions } from '../api/get-admin-user-transactions.ts';
import { formatDateTime, formatSignedAmount, walletLabels } from '../utils/format.ts';
import { DateTime } from './date-time.tsx';
import { ListEmpty, ListError, ResultsStatus, SkeletonRows } from './list-states.tsx';
import { Pagination } from './pagination.tsx';
import { bodyCell, bodyRow, card, cardList, headCell, tableClass, tableFrame } from './table-styles.ts';

function amountClass(amount: number): string {
  return amount < 0 ? 'text-rose-300' : 'text-lime-300';
}

function LedgerRows({ transactions }: { transactions: WalletTransaction[] }) {
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Ledger entries, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Date
              </th>
              <th scope="col" className={headCell}>
                Type
              </th>
              <th scope="col" className={headCell}>
                Wallet
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Amount
              </th>
              <th scope="col" className={headCell}>
                Description
              </th>
              <th scope="col" className={headCell}>
                Reference
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((entry) => (
              <tr key={entry._id} className={bodyRow}>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <DateTime iso={entry.createdAt} />
                </td>
                <td className={`${bodyCell} whitespace-nowrap`}>
                  {ledgerKindLabels[entry.type] ?? entry.type}
                </td>
                <td className={`${bodyCell} whitespace-nowrap`}>{walletLabels[entry.wallet]}</td>
                <td
                  className={`${bodyCell} whitespace-nowrap text-right font-semibold tabular-nums ${amountClass(entry.amount)}`}
                >
                  {formatSignedAmount(entry.amount)}
                </td>
                <td className={`${bodyCell} min-w-48`}>{entry.description}</td>
                <td className={`${bodyCell} font-mono text-xs break-all text-emerald-100/75`}>
                  {entry.reference ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Ledger entries">
        {transactions.map((entry) => (
          <li key={entry._id} className={card}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-white">{ledgerKindLabels[entry.type] ?? entry.type}</p>
                <p className="text-xs text-emerald-200/70">
                  {walletLabels[entry.wallet]} · {formatDateTime(entry.createdAt)}
                </p>
              </div>
              <p className={`shrink-0 font-bold tabular-nums ${amountClass(entry.amount)}`}>
                {formatSignedAmount(entry.amount)}
              </p>
            </div>
            <p className="mt-2 text-sm text-emerald-50">{entry.description}</p>
            {entry.reference && (
              <p className="mt-1 font-mono text-xs break-all text-emerald-100/60">{entry.reference}</p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The user's ledger: every credit and debit of both wallets, paginated. */
export function UserLedger({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useAdminUserTransactions(userId, page);
  const data = query.data;

  let status = '';
  if (query.isPending) status = 'Loading the ledger…';
  else if (data && data.total > 0)
    status = `${data.total} ${data.total === 1 ? 'entry' : 'entries'}${data.totalPages > 1 ? ` · page ${data.page} of ${data.totalPages}` : ''}`;

  return (
    <section aria-labelledby="user-ledger-title" className="flex flex-col gap-3">
      <h2 id="user-ledger-title" className="text-lg font-bold text-white">
        Ledger
      </h2>
      <ResultsStatus>
        {data && data.total === 0 ? <ListEmpty>No ledger entries yet.</ListEmpty> : status}
      </ResultsStatus>
      {query.isPending && <SkeletonRows rows={4} />}
      {query.isError && (
        <ListError
          error={query.error}
          fallback="Could not load the ledger."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {data && data.transactions.length > 0 && (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-60' : ''}>
          <LedgerRows transactions={data.transactions} />
        </div>
      )}
      {data && (
        <Pagination
          label="Ledger pages"
          page={page}
          totalPages={data.totalPages}
          onPageChange={setPage}
          disabled={query.isPlaceholderData}
        />
      )}
    </section>
  );
}
