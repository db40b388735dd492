import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { useBookingCodeBuyers } from '../api/get-booking-code-buyers.ts';
import { formatAmount, formatDateTime, walletLabels } from '../utils/format.ts';
import { DateTime } from './date-time.tsx';
import { ListEmpty, ListError, SkeletonRows } from './list-states.tsx';
import { bodyCell, bodyRow, card, cardList, headCell, tableClass, tableFrame } from './table-styles.ts';

/** Who bought the code: email, name, wallet, price paid and when, newest as the server orders them. */
export function BookingCodeBuyers({ codeId, revenue }: { codeId: string; revenue: number }) {
  const query = useBookingCodeBuyers(codeId);
  const buyers = query.data?.buyers;

  return (
    <section aria-labelledby="buyers-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="buyers-title" className="text-lg font-bold text-white">
          Buyers
        </h2>
        {buyers && (
          <p className="text-sm text-emerald-100/75">
            {formatCount(buyers.length)} {buyers.length === 1 ? 'buyer' : 'buyers'} · revenue{' '}
            <span className="font-semibold text-white tabular-nums">{formatAmount(revenue)}</span>
          </p>
        )}
      </div>
      {query.isPending && (
        <>
          <p role="status" className="text-sm text-emerald-100/75">
            Loading the buyers…
          </p>
          <SkeletonRows rows={3} height="h-12" />
        </>
      )}
      {query.isError && (
        <ListError
          error={query.error}
          fallback="Could not load the buyers."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {buyers && buyers.length === 0 && <ListEmpty>Nobody has bought this code yet.</ListEmpty>}
      {buyers && buyers.length > 0 && (
        <>
          <div className={tableFrame}>
            <table className={tableClass}>
              <caption className="sr-only">Buyers of this code</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCell}>
                    Email
                  </th>
                  <th scope="col" className={headCell}>
                    Name
                  </th>
                  <th scope="col" className={headCell}>
                    Wallet
                  </th>
                  <th scope="col" className={`${headCell} text-right`}>
                    Price paid
                  </th>
                  <th scope="col" className={headCell}>
                    Bought
                  </th>
                </tr>
              </thead>
              <tbody>
                {buyers.map((buyer) => (
                  <tr key={buyer._id} className={bodyRow}>
                    <th scope="row" className={`${bodyCell} font-normal break-all`}>
                      {buyer.email}
                    </th>
                    <td className={bodyCell}>{buyer.name || '—'}</td>
                    <td className={`${bodyCell} whitespace-nowrap`}>{walletLabels[buyer.walletType]}</td>
                    <td className={`${bodyCell} text-right font-semibold tabular-nums`}>
                      {formatAmount(buyer.pricePaid)}
                    </td>
                    <td className={`${bodyCell} text-emerald-100/85`}>
                      <DateTime iso={buyer.purchasedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={cardList} aria-label="Buyers of this code">
            {buyers.map((buyer) => (
              <li key={buyer._id} className={card}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-all text-white">{buyer.email}</p>
                    <p className="text-sm text-emerald-100/75">{buyer.name || '—'}</p>
                  </div>
                  <p className="shrink-0 font-bold text-white tabular-nums">
                    {formatAmount(buyer.pricePaid)}
                  </p>
                </div>
                <p className="mt-2 text-xs text-emerald-200/70">
                  {walletLabels[buyer.walletType]} · {formatDateTime(buyer.purchasedAt)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
