import { type RolloverTip, rolloverMessages } from '@cashtips/contract/rollover';
import { ConfidenceBadge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { LockIcon } from '../../../components/ui/icons/lock-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { MatchList } from '../../../components/ui/match-list.tsx';
import { planTakeUpText, RiskBadge } from './plan-badges.tsx';
import { planSubscribePath } from './plan-card.tsx';

const COPIED = 'Booking code copied to clipboard!';

/** Time left on a tip: 'Expires in' and a countdown to its expiry, or 'No expiry'. */
export function TipExpiry({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return <span className="text-emerald-100/75">{rolloverMessages.noExpiry}</span>;
  return <Countdown expiresAt={expiresAt} label="Expires in" />;
}

const resultLabels = {
  won: { label: 'Won', className: 'bg-green-400/20 text-green-300' },
  lost: { label: 'Lost', className: 'bg-red-400/15 text-red-300' },
  void: { label: 'Void', className: 'bg-emerald-800 text-emerald-100' },
} as const;

export function TipResultBadge({ result }: { result: RolloverTip['result'] }) {
  if (result === 'pending') return null;
  const style = resultLabels[result];
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${style.className}`}
    >
      {style.label}
    </span>
  );
}

/** The games of a tip: the match for everyone, the pick and its odds only when unlocked. */
export function TipGames({ tip }: { tip: RolloverTip }) {
  return <MatchList games={tip.games} lockedPick="Pick for subscribers" />;
}

/** The tip's booking code with a copy button (unlocked tips only). */
export function TipCode({ tip }: { tip: RolloverTip }) {
  if (!tip.bookingCode) return null;
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-dashed border-lime-300/40 bg-lime-400/5 px-3 py-2">
      <span className="text-[11px] text-emerald-200/70">
        Booking code{tip.bookmaker ? ` · ${tip.bookmaker}` : ''}
      </span>
      {/* Whole, never cut with "…": a long code wraps, and the Copy button moves under it. */}
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-auto font-mono text-lg font-bold tracking-wider wrap-anywhere text-white">
          {tip.bookingCode}
        </span>
        <CopyButton text={tip.bookingCode} label="Copy booking code" successMessage={COPIED} />
      </div>
    </div>
  );
}

/**
 * Where a subscriber's code would be: a masked code under a "Subscribe to Unlock" cover. The dots are
 * drawn here; the server sent no code.
 */
function LockedCode({ tip }: { tip: RolloverTip }) {
  return (
    <div className="relative overflow-hidden rounded-xl border border-dashed border-emerald-700/80 px-3 py-3">
      <p
        aria-hidden="true"
        className="font-mono text-lg font-bold tracking-[0.3em] text-emerald-100/40 blur-[1px]"
      >
        ••••••••
      </p>
      <div className="absolute inset-0 flex items-center justify-between gap-2 bg-emerald-950/70 px-3">
        <span className="inline-flex min-w-0 items-center gap-1.5 text-sm font-semibold text-white">
          <LockIcon className="size-4 shrink-0 text-lime-300" />
          Code locked
        </span>
        <Link
          to={planSubscribePath(tip.planId)}
          className={`${buttonVariants.primary} min-h-10 shrink-0 px-4`}
          aria-describedby={`tip-${tip._id}-title`}
        >
          {rolloverMessages.subscribeToUnlock}
        </Link>
      </div>
    </div>
  );
}

/**
 * What a tip holds: its games, then for a subscriber the code with copy and the note, for anyone
 * else the "Subscribe to Unlock" cover; its confidence last.
 */
export function TipBody({ tip }: { tip: RolloverTip }) {
  return (
    <>
      <TipGames tip={tip} />
      {tip.locked ? (
        <LockedCode tip={tip} />
      ) : (
        <>
          <TipCode tip={tip} />
          {tip.note && (
            <p className="rounded-xl bg-emerald-950/50 px-3 py-2 text-sm text-emerald-50">
              <span className="font-semibold">Note: </span>
              {tip.note}
            </p>
          )}
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <ConfidenceBadge confidence={tip.confidence} />
      </div>
    </>
  );
}

interface RolloverTipCardProps {
  tip: RolloverTip;
  /** Heading level inside the page's outline. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A rollover tip. Unlocked (the user subscribes to its plan): games with picks and odds, the code with
 * copy, note and confidence. Locked: the matches only, and a "Subscribe to Unlock" cover where the code
 * would be; the server never sent the rest.
 */
export function RolloverTipCard({ tip, headingLevel: Heading = 'h3' }: RolloverTipCardProps) {
  const titleId = `tip-${tip._id}-title`;
  return (
    <article aria-labelledby={titleId} data-locked={tip.locked || undefined} className="card gap-4 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <RiskBadge odds={tip.totalOdds} />
        <TipResultBadge result={tip.result} />
        <DemoBadge demo={tip.demo} />
        <span className="ml-auto text-xs text-emerald-100/75">{planTakeUpText(tip.plan)}</span>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <Heading id={titleId} className="text-lg font-bold text-white">
            {tip.planName}
          </Heading>
          <p className="text-sm text-emerald-100/75">
            {tip.gameCount} {tip.gameCount === 1 ? 'game' : 'games'} ·{' '}
            <span className="font-semibold text-white tabular-nums">{tip.totalOdds.toFixed(2)}</span> odds
          </p>
        </div>
        <p className="text-right text-xs text-emerald-100/70">
          <TipExpiry expiresAt={tip.expiresAt} />
        </p>
      </div>
      <TipBody tip={tip} />
    </article>
  );
}
