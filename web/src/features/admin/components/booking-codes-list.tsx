import { type AdminBookingCode, codeCategoryLabels } from '@cashtips/contract/booking-codes';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime, formatOdds } from '../utils/format.ts';
import { Badge, CodeResultBadge } from './badge.tsx';
import { DateTime } from './date-time.tsx';
import {
  bodyCell,
  bodyRow,
  card,
  cardList,
  headCell,
  stretchedLink,
  tableClass,
  tableFrame,
} from './table-styles.ts';

/** The buyers, as many as users are shown: the real ones (PRODUCT 15). */
export function buyersText(code: Pick<AdminBookingCode, 'realBuyerCount'>) {
  return formatCount(code.realBuyerCount);
}

export function slotsText(code: Pick<AdminBookingCode, 'realBuyerCount' | 'slotLimit'>) {
  return code.slotLimit === null
    ? 'No limit'
    : `${formatCount(code.realBuyerCount)} / ${formatCount(code.slotLimit)}`;
}

export function isExpired(code: Pick<AdminBookingCode, 'expiresAt'>, now = Date.now()): boolean {
  return new Date(code.expiresAt).getTime() <= now;
}

/*
 * An expired code is set apart by its Expired badge and a darker row (a dashed card on phones), not
 * faded with opacity, which took its text below readable contrast (WCAG 1.4.3).
 */
const expiredRow = 'bg-black/25';
const expiredCard = 'border-dashed';

function ExpiredBadge() {
  return <Badge tone="muted">Expired</Badge>;
}

/** Sold with money back: its buyers are refunded if it settles lost or void. */
export function MoneyBackFlag() {
  return <Badge tone="lime">Money back</Badge>;
}

/** Booking codes as a table on desktop and cards on phones; a row or card opens the code. Expired ones are set apart. */
export function BookingCodesList({ codes }: { codes: AdminBookingCode[] }) {
  const now = Date.now();
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Booking codes</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Code
              </th>
              <th scope="col" className={headCell}>
                Category
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Odds
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Price
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Confidence
              </th>
              <th scope="col" className={headCell}>
                Buyers
              </th>
              <th scope="col" className={headCell}>
                Slots
              </th>
              <th scope="col" className={headCell}>
                Expires
              </th>
              <th scope="col" className={headCell}>
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => {
              const expired = isExpired(code, now);
              return (
                <tr
                  key={code._id}
                  className={`${bodyRow} relative hover:bg-emerald-800/30 ${expired ? expiredRow : ''}`}
                >
                  <th scope="row" className={`${bodyCell} max-w-64 font-normal`}>
                    <Link
                      to={adminPaths.bookingCode(code._id)}
                      className={`${stretchedLink} font-mono break-all`}
                    >
                      {code.bookingCode}
                    </Link>
                    <p className="text-xs text-emerald-100/70">{code.bookmaker}</p>
                    {/* Under the code, not beside the price: a wider price column squeezed the codes at 1280 px. */}
                    {code.moneyBack && (
                      <span className="mt-1 block">
                        <MoneyBackFlag />
                      </span>
                    )}
                    {code.demo && (
                      <span className="mt-1 block">
                        <DemoBadge demo />
                      </span>
                    )}
                  </th>
                  <td className={bodyCell}>{codeCategoryLabels[code.category]}</td>
                  <td className={`${bodyCell} text-right tabular-nums`}>{formatOdds(code.totalOdds)}</td>
                  <td className={`${bodyCell} text-right tabular-nums`}>{formatNaira(code.price)}</td>
                  <td className={`${bodyCell} text-right tabular-nums`}>{code.confidence}%</td>
                  <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>{buyersText(code)}</td>
                  <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>{slotsText(code)}</td>
                  <td className={`${bodyCell} ${expired ? 'text-emerald-100/60' : 'text-emerald-100/85'}`}>
                    <DateTime iso={code.expiresAt} />
                    {expired && (
                      <span className="mt-1 block">
                        <ExpiredBadge />
                      </span>
                    )}
                  </td>
                  <td className={bodyCell}>
                    <CodeResultBadge result={code.result} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Booking codes">
        {codes.map((code) => {
          const expired = isExpired(code, now);
          return (
            <li key={code._id} className={`${card} relative ${expired ? expiredCard : ''}`}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Link
                    to={adminPaths.bookingCode(code._id)}
                    className={`${stretchedLink} font-mono break-all`}
                  >
                    {code.bookingCode}
                  </Link>
                  <p className="text-sm text-emerald-100/80">
                    {code.bookmaker} · {codeCategoryLabels[code.category]}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <CodeResultBadge result={code.result} />
                  {code.moneyBack && <MoneyBackFlag />}
                  <DemoBadge demo={code.demo} />
                  {expired && <ExpiredBadge />}
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-emerald-800/60 pt-3 text-sm">
                <div>
                  <dt className="text-xs text-emerald-200/60">Odds</dt>
                  <dd className="font-semibold text-white tabular-nums">{formatOdds(code.totalOdds)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-200/60">Price</dt>
                  <dd className="font-semibold text-white tabular-nums">{formatNaira(code.price)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-200/60">Confidence</dt>
                  <dd className="font-semibold text-white tabular-nums">{code.confidence}%</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-200/60">Buyers</dt>
                  <dd className="text-emerald-50 tabular-nums">{buyersText(code)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-200/60">Slots</dt>
                  <dd className="text-emerald-50 tabular-nums">{slotsText(code)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-200/60">Expires</dt>
                  <dd className="text-emerald-50">{formatDateTime(code.expiresAt)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
