import type { BookingCode } from '@cashtips/contract/booking-codes';
import { ConfidenceBadge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import {
  CategoryBadge,
  codeTakeUp,
  firstGame,
  isExpired,
  MoneyBackBadge,
  OddsBadge,
  UrgencyBadge,
  VerifiedBadge,
} from './code-badges.tsx';
import { CodeWithCopy } from './code-copy-button.tsx';

export const codeDetailPath = (id: string) => `/booking-codes/${encodeURIComponent(id)}`;

interface CodeCardProps {
  code: BookingCode;
  onBuy: (code: BookingCode) => void;
  onPreview?: (code: BookingCode) => void;
}

/** One code in a grid: match, odds, price, confidence, buyers, expiry, the masked code and the way to buy it. */
export function CodeCard({ code, onBuy, onPreview }: CodeCardProps) {
  const money = useMoney();
  const game = firstGame(code);
  const expired = isExpired(code);
  // The list above the cards says why (RestrictionNotice in CodeCardPages).
  const restricted = useRestriction() !== null;
  const titleId = `code-${code._id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`card @container gap-4 p-5 ${expired && !code.alreadyPurchased ? 'opacity-70' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={code.category} />
        <DemoBadge demo={code.demo} />
        {code.moneyBack && <MoneyBackBadge />}
        <VerifiedBadge code={code} />
        <UrgencyBadge code={code} />
        <span className="ml-auto text-xs font-semibold tracking-wide text-emerald-200/80 uppercase">
          {code.bookmaker}
        </span>
      </div>
      <div>
        <h3 id={titleId} className="text-base font-bold text-white">
          {game.teamA} vs {game.teamB}
        </h3>
        <p className="mt-0.5 text-sm text-emerald-100/75">
          {game.league} · {formatDateTime(game.kickoff)}
        </p>
        <p className="text-xs text-emerald-200/70">
          {game.count} {game.count === 1 ? 'game' : 'games'}
        </p>
      </div>
      {/* Two columns, the expiry under them, until the card is 19rem wide inside (a 320 or 360 px phone, or two
          cards side by side on a small tablet): three columns there would split the price inside its
          number ("₦2,50" / "0") and push the odds badge into the next cell. */}
      <dl className="grid grid-cols-2 gap-2 text-center @[19rem]:grid-cols-3">
        <div className="rounded-xl bg-emerald-950/50 px-2 py-2">
          <dt className="text-[11px] text-emerald-200/70">Total odds</dt>
          <dd className="text-lg font-bold whitespace-nowrap text-white tabular-nums">
            {code.totalOdds.toFixed(2)}
          </dd>
          <dd className="mt-0.5">
            <OddsBadge odds={code.totalOdds} />
          </dd>
        </div>
        <div className="rounded-xl bg-emerald-950/50 px-2 py-2">
          <dt className="text-[11px] text-emerald-200/70">Price</dt>
          <dd className="text-lg font-bold whitespace-nowrap text-lime-300 tabular-nums">
            {money.format(code.price)}
          </dd>
        </div>
        <div className="col-span-2 rounded-xl bg-emerald-950/50 px-2 py-2 @[19rem]:col-span-1">
          <dt className="text-[11px] text-emerald-200/70">Expires in</dt>
          <dd className="text-sm">
            <Countdown expiresAt={code.expiresAt} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2 text-xs text-emerald-100/80">
        <ConfidenceBadge confidence={code.confidence} />
        <span data-testid="take-up">{codeTakeUp(code).text}</span>
      </div>
      <CodeWithCopy
        boxed
        code={code.bookingCode}
        purchased={code.alreadyPurchased}
        lockedBehaviour="copy-masked"
        size="base"
      />
      <div className="mt-auto flex gap-2">
        {onPreview && (
          <button
            type="button"
            className={`${buttonVariants.secondary} flex-1`}
            onClick={() => onPreview(code)}
          >
            Quick Preview
          </button>
        )}
        {code.alreadyPurchased ? (
          <Link to={codeDetailPath(code._id)} className={`${buttonVariants.primary} flex-1`}>
            View Details
          </Link>
        ) : (
          <button
            type="button"
            className={`${buttonVariants.primary} flex-1`}
            disabled={expired || restricted}
            onClick={() => onBuy(code)}
          >
            {expired ? 'Expired' : restricted ? 'Purchases closed' : 'Buy Now'}
          </button>
        )}
      </div>
    </article>
  );
}

export function CodeCardSkeleton() {
  return (
    <div aria-hidden="true" className="card h-[26rem] animate-pulse gap-4 p-5">
      <span className="h-5 w-32 rounded bg-emerald-800/60" />
      <span className="h-6 w-48 rounded bg-emerald-800/60" />
      <span className="h-20 rounded-xl bg-emerald-800/50" />
      <span className="h-10 rounded-xl bg-emerald-800/50" />
      <span className="mt-auto h-11 rounded-xl bg-emerald-800/60" />
    </div>
  );
}
