import { lagosDay } from '@cashtips/contract/lagos-time';
import { type FreeTip, tipMessages } from '@cashtips/contract/tips';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { GameLiveState } from '../../../components/ui/game-live-state.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { SparkIcon } from '../../../components/ui/icons/spark-icon.tsx';
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
import { formatLagosDay, formatLagosTime } from '../../../lib/format.ts';
import { useFreeTips } from '../api/get-free-tips.ts';
import { usePastTips } from '../api/get-past-tips.ts';
import { CommunityLinks } from './community-links.tsx';
import { TipStatusBadge } from './tip-status.tsx';

/** Tips as widget rows: teams, then when (a Lagos kickoff today, a date for results), pick and odds. */
function TipRows({ tips, when }: { tips: FreeTip[]; when: (tip: FreeTip) => string }) {
  return (
    <ul className="flex flex-col gap-2">
      {tips.map((tip) => (
        <li key={tip._id} className={widgetRowClass}>
          <div className={widgetRowTextClass}>
            <p className="font-semibold break-words text-white">{tip.teams}</p>
            <p className="text-xs break-words text-emerald-100/70">
              <time dateTime={tip.kickoff}>{when(tip)}</time> · {tip.prediction} ·{' '}
              <span className="whitespace-nowrap tabular-nums">{tip.totalOdds.toFixed(2)} odds</span>
            </p>
          </div>
          <span className="ml-auto flex flex-wrap items-center justify-end gap-1.5">
            {!tip.score && (
              <GameLiveState matchId={tip.matchId} live={tip.live} home={tip.teamA} away={tip.teamB} />
            )}
            <DemoBadge demo={tip.demo} />
            <TipStatusBadge status={tip.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Dashboard: today's free tips (2, 1 compact; Lagos day) under its title. On a day without any yet it
 * says so, and shows the latest results under a heading of their own with their dates (spec: "the
 * latest 2 past tips"), so no list contradicts the title. Then the community links and /past-tips.
 * Failures leave it empty.
 */
export function FreeTipsWidget({ compact = false }: { compact?: boolean }) {
  const limit = widgetLimit(compact);
  const todayQuery = useFreeTips();
  const today = lagosDay(new Date());
  // A list fetched before midnight (Lagos) holds yesterday's tips: they are not today's any more.
  const todays = todayQuery.data
    ? todayQuery.data.filter((tip) => tip.date === today)
    : todayQuery.isError
      ? []
      : undefined;
  const noneToday = todays?.length === 0;
  const pastQuery = usePastTips(1, 2, { enabled: noneToday });
  const latest = pastQuery.data?.tips ?? (pastQuery.isError ? [] : undefined);
  return (
    <WidgetFrame id="free-tips-title" title="Free Tips Today" icon={<SparkIcon className="size-5" />}>
      {!todays ? (
        <WidgetSkeleton rows={limit} rowClassName="h-[4.5rem]" />
      ) : todays.length > 0 ? (
        <TipRows tips={todays.slice(0, limit)} when={(tip) => formatLagosTime(tip.kickoff)} />
      ) : (
        <>
          <p className="text-sm text-emerald-100/75">{tipMessages.noFreeTipsToday}</p>
          <section aria-labelledby="free-tips-latest-title" className="flex flex-col gap-2">
            <h3 id="free-tips-latest-title" className="text-sm font-semibold text-white">
              Latest results
            </h3>
            {!latest ? (
              <WidgetSkeleton rows={limit} rowClassName="h-[4.5rem]" />
            ) : latest.length === 0 ? (
              <WidgetEmpty text={tipMessages.noPastTips} />
            ) : (
              <TipRows
                tips={latest.slice(0, limit)}
                when={(tip) => formatLagosDay(tip.date, 'withWeekday')}
              />
            )}
          </section>
        </>
      )}
      <CommunityLinks />
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.free}
          className="inline-flex min-h-11 items-center gap-1 rounded-xl px-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
        >
          Today’s free tips
        </Link>
        <Link to={paths.pastTips} className={widgetFooterLinkClass}>
          Past tips
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    </WidgetFrame>
  );
}
