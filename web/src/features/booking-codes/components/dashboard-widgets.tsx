import { codeMessages } from '@cashtips/contract/booking-codes';
import { Link } from 'react-router';
import { ConfidenceBadge } from '../../../components/ui/badge.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { BookmarkIcon } from '../../../components/ui/icons/bookmark-icon.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useBookingCodes } from '../api/get-booking-codes.ts';
import { usePurchasedCodes } from '../api/get-purchased-codes.ts';
import { firstGame } from './code-badges.tsx';
import { codeDetailPath } from './code-card.tsx';
import { purchasedDetailPath } from './code-detail.tsx';

const WIDGET_LIMIT = 2;
const linkClass =
  'ml-auto inline-flex min-h-11 items-center gap-1 rounded-xl px-2 text-sm font-semibold text-lime-300 hover:text-lime-200';

function WidgetSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-2">
      <Skeleton className="h-[4.5rem] rounded-xl" />
      <Skeleton className="h-[4.5rem] rounded-xl" />
    </div>
  );
}

/** Dashboard: two premium codes (spec: the widget asks for limit=2). Failures leave it empty. */
export function PremiumCodesWidget() {
  const query = useBookingCodes({ limit: WIDGET_LIMIT });
  const money = useMoney();
  const codes = query.data?.codes ?? (query.isError ? [] : undefined);
  return (
    <section aria-labelledby="premium-codes-title" className="card gap-4">
      <h2 id="premium-codes-title" className="flex items-center gap-2 text-lg font-bold text-white">
        <span className="icon-box size-9">
          <ReceiptIcon className="size-5" />
        </span>
        Premium Booking Codes
      </h2>
      {!codes ? (
        <WidgetSkeleton />
      ) : codes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-emerald-700/70 px-4 py-6 text-center text-sm text-emerald-100/75">
          {codeMessages.noPremiumCodes}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {codes.slice(0, WIDGET_LIMIT).map((code) => {
            const game = firstGame(code);
            return (
              <li key={code._id}>
                <Link
                  to={codeDetailPath(code._id)}
                  className="flex items-center gap-3 rounded-xl bg-emerald-950/50 px-3 py-3 hover:bg-emerald-950/80"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-white">
                      {game.teamA} vs {game.teamB}
                    </p>
                    <p className="flex flex-wrap items-center gap-2 text-xs text-emerald-100/70">
                      {code.bookmaker} · {code.totalOdds.toFixed(2)} odds
                      <ConfidenceBadge confidence={code.confidence} />
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-bold text-lime-300 tabular-nums">{money.format(code.price)}</p>
                    <p className="text-xs">
                      <Countdown expiresAt={code.expiresAt} />
                    </p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to={paths.bookingCodes} className={linkClass}>
        All booking codes
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  );
}

/** Dashboard: the first two purchased codes. */
export function MyCodesPreview() {
  const query = usePurchasedCodes();
  const items = query.data ?? (query.isError ? [] : undefined);
  return (
    <section aria-labelledby="my-codes-preview-title" className="card gap-4">
      <h2 id="my-codes-preview-title" className="flex items-center gap-2 text-lg font-bold text-white">
        <span className="icon-box size-9">
          <BookmarkIcon className="size-5" />
        </span>
        My Booking Codes
      </h2>
      {!items ? (
        <WidgetSkeleton />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-emerald-700/70 px-4 py-6 text-center text-sm text-emerald-100/75">
          You have not bought any codes yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.slice(0, WIDGET_LIMIT).map((item) => (
            <li key={item._id}>
              <Link
                to={purchasedDetailPath(item._id)}
                className="flex items-center gap-3 rounded-xl bg-emerald-950/50 px-3 py-3 hover:bg-emerald-950/80"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono font-bold tracking-wider text-white">
                    {item.code.bookingCode}
                  </p>
                  <p className="text-xs text-emerald-100/70">
                    {item.code.bookmaker} · {item.code.totalOdds.toFixed(2)} odds
                  </p>
                </div>
                <Countdown expiresAt={item.code.expiresAt} className="text-xs" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.myCodes} className={linkClass}>
        My codes
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  );
}
