import type { AdminDeposit } from '@cashtips/contract/admin';
import { Link } from '../../../components/ui/link.tsx';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatAmount, formatDateTime, providerLabels } from '../utils/format.ts';
import { DepositStatusBadge } from './badge.tsx';
import { DateTime } from './date-time.tsx';
import { ListEmpty } from './list-states.tsx';
import { bodyCell, bodyRow, card, cardList, headCell, tableClass, tableFrame } from './table-styles.ts';

/** The recent deposits that come with the user's detail; the deposits screen has all of them. */
export function UserDeposits({ deposits, email }: { deposits: AdminDeposit[]; email: string }) {
  return (
    <section aria-labelledby="user-deposits-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="user-deposits-title" className="text-lg font-bold text-white">
          Recent deposits
        </h2>
        {deposits.length > 0 && (
          <Link
            to={`${adminPaths.deposits}?q=${encodeURIComponent(email)}`}
            className="rounded text-sm font-semibold text-lime-300 underline-offset-4 hover:underline"
          >
            All deposits of this user
          </Link>
        )}
      </div>
      {deposits.length === 0 ? (
        <ListEmpty>No deposits yet.</ListEmpty>
      ) : (
        <>
          <div className={tableFrame}>
            <table className={tableClass}>
              <caption className="sr-only">Recent deposits</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCell}>
                    Reference
                  </th>
                  <th scope="col" className={headCell}>
                    Provider
                  </th>
                  <th scope="col" className={`${headCell} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={headCell}>
                    Status
                  </th>
                  <th scope="col" className={headCell}>
                    Created
                  </th>
                  <th scope="col" className={headCell}>
                    Confirmed
                  </th>
                </tr>
              </thead>
              <tbody>
                {deposits.map((deposit) => (
                  <tr key={deposit._id} className={bodyRow}>
                    <td className={`${bodyCell} font-mono text-xs whitespace-nowrap`}>{deposit.reference}</td>
                    <td className={`${bodyCell} whitespace-nowrap`}>{providerLabels[deposit.provider]}</td>
                    <td className={`${bodyCell} text-right font-semibold tabular-nums`}>
                      {formatAmount(deposit.amount)}
                    </td>
                    <td className={bodyCell}>
                      <DepositStatusBadge status={deposit.status} />
                      {deposit.failureReason && (
                        <p className="mt-1 text-xs text-rose-200/80">{deposit.failureReason}</p>
                      )}
                    </td>
                    <td className={`${bodyCell} text-emerald-100/85`}>
                      <DateTime iso={deposit.createdAt} />
                    </td>
                    <td className={`${bodyCell} text-emerald-100/85`}>
                      <DateTime iso={deposit.confirmedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={cardList} aria-label="Recent deposits">
            {deposits.map((deposit) => (
              <li key={deposit._id} className={card}>
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-mono text-xs break-all text-emerald-50">{deposit.reference}</p>
                  <DepositStatusBadge status={deposit.status} />
                </div>
                <p className="mt-2 text-lg font-bold text-white tabular-nums">
                  {formatAmount(deposit.amount)}
                </p>
                <p className="text-xs text-emerald-200/70">
                  {providerLabels[deposit.provider]} · {formatDateTime(deposit.createdAt)}
                </p>
                {deposit.failureReason && (
                  <p className="mt-1 text-xs text-rose-200/80">{deposit.failureReason}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
