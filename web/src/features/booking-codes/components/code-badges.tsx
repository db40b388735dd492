import {
  type BookingCode,
  codeCategoryLabels,
  oddsTier,
  type Urgency,
  urgencyLabels,
} from '@cashtips/contract/booking-codes';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { badgeClass } from '../../../components/ui/badge.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { renderNow } from '../../../lib/server-render/render-clock.ts';

const badge = badgeClass;

const oddsTierStyle = {
  safe: { label: 'Safe', className: 'bg-sky-400/15 text-sky-300' },
  moderate: { label: 'Moderate', className: 'bg-lime-400/15 text-lime-300' },
  bold: { label: 'Bold', className: 'bg-amber-400/15 text-amber-300' },
  'long-shot': { label: 'Long shot', className: 'bg-fuchsia-400/15 text-fuchsia-300' },
} as const;

export function OddsBadge({ odds }: { odds: number }) {
  const tier = oddsTier(odds);
  const style = oddsTierStyle[tier];
  return (
    <span data-tier={tier} className={`${badge} ${style.className}`}>
      {style.label}
    </span>
  );
}

const urgencyClasses: Record<Urgency, string> = {
  high: 'bg-rose-500/20 text-rose-200',
  medium: 'bg-amber-400/15 text-amber-200',
  low: 'bg-emerald-400/15 text-emerald-200',
};

/** The card's badge: Hot, Live or Stable (spec), with the admin's own tag beside it when there is one. */
export function UrgencyBadge({ code }: { code: Pick<BookingCode, 'urgency' | 'urgencyTag'> }) {
  return (
    <>
      <span data-urgency={code.urgency} className={`${badge} ${urgencyClasses[code.urgency]}`}>
        {urgencyLabels[code.urgency]}
      </span>
      {code.urgencyTag && (
        <span className={`${badge} max-w-full truncate bg-emerald-800/80 text-emerald-50`}>
          {code.urgencyTag}
        </span>
      )}
    </>
  );
}

/** The Quick Preview badge: expired first, then high "Hot", medium "Live", otherwise "Active". */
export function previewUrgencyLabel(code: Pick<BookingCode, 'urgency'>, expired: boolean): string {
  if (expired) return 'Expired';
  if (code.urgency === 'high') return 'Hot';
  if (code.urgency === 'medium') return 'Live';
  return 'Active';
}

/** What a money-back code promises, word for word wherever it is explained (PRODUCT 11). */
export const moneyBackPromise = 'Refunded to your wallet if this code loses or is void';

/**
 * A code sold with money back. The promise is read out with the badge and shown on hover: a badge
 * alone ("Money back") leaves a screen reader user guessing when the money comes back.
 */
/**
 * "Verified at SportyBet": the code was read at its bookmaker when it was posted and its games were
 * its legs (PRODUCT 16), with the time of that check; nothing for a code the product cannot read.
 */
export function VerifiedBadge({ code }: { code: Pick<BookingCode, 'verification' | 'bookmaker'> }) {
  if (!code.verification) return null;
  const checked = `Checked at ${code.bookmaker} ${formatLagosDateTime(code.verification.checkedAt)} Lagos time`;
  return (
    <span
      data-testid="verified"
      title={checked}
      className={`${badge} bg-sky-300/15 text-sky-200 ring-1 ring-sky-300/30`}
    >
      Verified at {code.bookmaker}
      <span className="sr-only">: {checked.toLowerCase()}</span>
    </span>
  );
}

export function MoneyBackBadge() {
  return (
    <span
      data-testid="money-back"
      title={moneyBackPromise}
      className={`${badge} bg-teal-300/15 text-teal-200 ring-1 ring-teal-300/30`}
    >
      Money back<span className="sr-only">: {moneyBackPromise.toLowerCase()}</span>
    </span>
  );
}

export function CategoryBadge({ category }: { category: BookingCode['category'] }) {
  return (
    <span className={`${badge} bg-emerald-800/80 text-emerald-100`}>{codeCategoryLabels[category]}</span>
  );
}

export function StatusBadges({ code, expired }: { code: BookingCode; expired: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {expired ? (
        <span className={`${badge} bg-rose-500/15 text-rose-300`}>Expired</span>
      ) : (
        <span className={`${badge} bg-lime-400/15 text-lime-300`}>Active</span>
      )}
      {code.soldOut && !code.alreadyPurchased && (
        <span className={`${badge} bg-orange-400/15 text-orange-300`}>Sold out</span>
      )}
      {code.alreadyPurchased && <span className={`${badge} bg-sky-400/15 text-sky-300`}>Purchased</span>}
      {code.result === 'won' && <span className={`${badge} bg-green-400/20 text-green-300`}>Won</span>}
      {code.result === 'lost' && <span className={`${badge} bg-red-400/15 text-red-300`}>Lost</span>}
      {code.result === 'void' && <span className={`${badge} bg-emerald-800 text-emerald-100`}>Void</span>}
      <DemoBadge demo={code.demo} />
      {code.moneyBack && <MoneyBackBadge />}
      <VerifiedBadge code={code} />
      <UrgencyBadge code={code} />
    </div>
  );
}

/**
 * How taken a code is, as one figure that cannot contradict another (the card, the detail, the Quick
 * Preview): with a slot limit, the slots buyers may still take as the server counts them ("12 of
 * 50 slots left", "Sold out"); without one, the real buyer count ("31 bought", PRODUCT 15). Never
 * both: one figure the server decides cannot disagree with another.
 */
export function codeTakeUp(code: Pick<BookingCode, 'slotLimit' | 'slotsLeft' | 'soldOut' | 'buyerCount'>): {
  label: 'Slots' | 'Buyers';
  value: string;
  text: string;
} {
  if (code.slotsLeft === null) {
    return { label: 'Buyers', value: String(code.buyerCount), text: `${code.buyerCount} bought` };
  }
  if (code.soldOut || code.slotsLeft <= 0) return { label: 'Slots', value: 'Sold out', text: 'Sold out' };
  const of = code.slotLimit === null ? '' : ` of ${code.slotLimit}`;
  const slots = (code.slotLimit ?? code.slotsLeft) === 1 ? 'slot' : 'slots';
  return {
    label: 'Slots',
    value: `${code.slotsLeft}${of} left`,
    text: `${code.slotsLeft}${of} ${slots} left`,
  };
}

/**
 * A code's success rate is its category's settled record (won ÷ settled codes of that category),
 * not its own: a new code has none. Named as such wherever it shows, 'New' until there is one.
 */
export function categoryRecord(code: Pick<BookingCode, 'category' | 'successRate'>): {
  label: string;
  value: string;
  note: string;
} {
  const category = codeCategoryLabels[code.category];
  const codes = `${category.toLowerCase()} codes`;
  return {
    label: `${category} codes' record`,
    value: code.successRate === null ? formatSuccessRate(null) : `${formatSuccessRate(code.successRate)} won`,
    note:
      code.successRate === null
        ? `Too few settled ${codes} yet`
        : `Of all settled ${codes}, not this code's own result`,
  };
}

/**
 * No longer on sale: past its expiry, or settled (its games are played), as the server rules when
 * it refuses a purchase ('This booking code has expired…', '…is settled…') and counts active codes on
 * My Codes and the dashboard.
 */
export function isExpired(code: Pick<BookingCode, 'expiresAt' | 'result'>, now = renderNow()): boolean {
  if (code.result !== 'pending') return true;
  const at = Date.parse(code.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** The code's first game, read from the games list, else from its own match fields. */
export function firstGame(code: BookingCode) {
  const game = code.games[0];
  return {
    teamA: game?.teamA ?? code.teamA,
    teamB: game?.teamB ?? code.teamB,
    league: game?.league ?? code.league,
    kickoff: game?.kickoff ?? code.kickoff,
    count: code.games.length,
  };
}
