import { codeMessages } from '@cashtips/contract/booking-codes';
import { ConfidenceBadge } from '../../../components/ui/badge.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { GameViewLiveState } from '../../../components/ui/game-live-state.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { BookmarkIcon } from '../../../components/ui/icons/bookmark-icon.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import {
  WidgetEmpty,
  WidgetFrame,
  WidgetSkeleton,
  widgetFooterLinkClass,
  widgetLimit,
  widgetRowClass,
  widgetRowTextClass,
} from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useBookingCodes } from '../api/get-booking-codes.ts';
import { usePurchasedCodes } from '../api/get-purchased-codes.ts';
import { firstGame } from './code-badges.tsx';
import { codeDetailPath } from './code-card.tsx';
import { purchasedDetailPath } from './code-detail.tsx';

/** The widget always asks for 2 (spec: limit=2), and shows 1 when compact without asking again. */
const WIDGET_LIMIT = widgetLimit(false);

interface WidgetProps {
  compact?: boolean;
}

/** Dashboard: two premium codes (1 compact). Failures leave it empty. */
export function PremiumCodesWidget({ compact = false }: WidgetProps) {
  const limit = widgetLimit(compact);
  const query = useBookingCodes({ limit: WIDGET_LIMIT });
  const money = useMoney();
  const codes = query.data?.codes ?? (query.isError ? [] : undefined);
  return (
    <WidgetFrame
      id="premium-codes-title"
      title="Premium Booking Codes"
      icon={<ReceiptIcon className="size-5" />}
    >
      {!codes ? (
        <WidgetSkeleton rows={limit} rowClassName="h-[4.5rem]" />
      ) : codes.length === 0 ? (
        <WidgetEmpty text={codeMessages.noPremiumCodes} />
      ) : (
        <ul className="flex flex-col gap-2">
          {codes.slice(0, limit).map((code) => {
            const game = firstGame(code);
            const played = code.games[0];
            return (
              <li key={code._id}>
                <Link to={codeDetailPath(code._id)} className={`${widgetRowClass} hover:bg-emerald-950/80`}>
                  <div className={widgetRowTextClass}>
                    <p className="font-semibold break-words text-white">
                      {game.teamA} vs {game.teamB}
                    </p>
                    {played && <GameViewLiveState game={played} />}
                    <p className="flex flex-wrap items-center gap-2 text-xs text-emerald-100/70">
                      {code.bookmaker} · {code.totalOdds.toFixed(2)} odds
                      <ConfidenceBadge confidence={code.confidence} />
                      <DemoBadge demo={code.demo} />
                    </p>
                  </div>
                  <div className="ml-auto text-right">
                    <p className="font-bold whitespace-nowrap text-lime-300 tabular-nums">
                      {money.format(code.price)}
                    </p>
                    <p className="text-xs text-emerald-100/75">
                      <Countdown expiresAt={code.expiresAt} label="Expires in" />
                    </p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to={paths.bookingCodes} className={widgetFooterLinkClass}>
        All booking codes
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}

/** Dashboard: the first two purchased codes (1 compact). */
export function MyCodesPreview({ compact = false }: WidgetProps) {
  const limit = widgetLimit(compact);
  const query = usePurchasedCodes();
  const items = query.data ?? (query.isError ? [] : undefined);
  return (
    <WidgetFrame
      id="my-codes-preview-title"
      title="My Booking Codes"
      icon={<BookmarkIcon className="size-5" />}
    >
      {!items ? (
        <WidgetSkeleton rows={limit} rowClassName="h-[4.5rem]" />
      ) : items.length === 0 ? (
        <WidgetEmpty text="You have not bought any codes yet." />
      ) : (
        <ul className="flex flex-col gap-2">
          {items.slice(0, limit).map((item) => (
            <li key={item._id}>
              <Link
                to={purchasedDetailPath(item._id)}
                className={`${widgetRowClass} hover:bg-emerald-950/80`}
              >
                <div className={widgetRowTextClass}>
                  <p className="font-mono font-bold tracking-wider wrap-anywhere text-white">
                    {item.code.bookingCode}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-emerald-100/70">
                    {item.code.bookmaker} · {item.code.totalOdds.toFixed(2)} odds
                    <DemoBadge demo={item.code.demo} />
                  </p>
                </div>
                <span className="ml-auto text-right text-xs text-emerald-100/75">
                  <Countdown expiresAt={item.code.expiresAt} label="Expires in" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.myCodes} className={widgetFooterLinkClass}>
        My codes
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}
