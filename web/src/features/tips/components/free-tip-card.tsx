import type { FreeTip } from '@cashtips/contract/tips';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { GameLiveState } from '../../../components/ui/game-live-state.tsx';
import { formatLagosDay, formatLagosTime } from '../../../lib/format.ts';
import { TipStatusBadge } from './tip-status.tsx';

/** The pick's probability as the model gave it when the tip was posted, for a model pick. */
const probabilityText = (probability: number | null) =>
  probability === null ? null : `Model’s probability at posting: ${Math.round(probability * 100)}%`;

/**
 * One free tip: match, league, Lagos kickoff and the match's live state, the pick and its odds, its
 * status and, once recorded, the final score (which then stands for the live state).
 */
export function FreeTipCard({ tip, showDate = false }: { tip: FreeTip; showDate?: boolean }) {
  const probability = probabilityText(tip.modelProbability);
  return (
    <article
      aria-label={`${tip.teams}: ${tip.prediction}, ${tip.status}`}
      className="flex flex-col gap-3 rounded-2xl border border-emerald-800/70 bg-emerald-950/50 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-semibold tracking-wide text-lime-300 uppercase">{tip.league}</span>
            <DemoBadge demo={tip.demo} />
          </p>
          <h3 className="mt-1 font-bold text-white">{tip.teams}</h3>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-emerald-100/75">
            <span>
              {showDate ? `${formatLagosDay(tip.date, 'withWeekday')}, ` : ''}
              <time dateTime={tip.kickoff}>{formatLagosTime(tip.kickoff)}</time>
            </span>
            {!tip.score && (
              <GameLiveState matchId={tip.matchId} live={tip.live} home={tip.teamA} away={tip.teamB} />
            )}
          </p>
        </div>
        <TipStatusBadge status={tip.status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-emerald-200/70">Tip</dt>
          <dd className="font-semibold text-white">{tip.prediction}</dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-200/70">Odds</dt>
          <dd className="font-semibold text-white tabular-nums">{tip.totalOdds.toFixed(2)}</dd>
        </div>
        {tip.score && (
          <div className="col-span-3">
            <dt className="sr-only">Final score</dt>
            <dd className="text-emerald-100/85">
              Final score{' '}
              <span className="font-semibold text-white tabular-nums">{`${tip.score.home}-${tip.score.away}`}</span>
              {tip.result === 'void' && ' · void (stake back)'}
            </dd>
          </div>
        )}
      </dl>
      {(tip.note || probability) && (
        <p className="text-xs text-emerald-100/70">{[tip.note, probability].filter(Boolean).join(' · ')}</p>
      )}
    </article>
  );
}
