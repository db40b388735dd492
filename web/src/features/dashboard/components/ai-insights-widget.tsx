import { INSIGHT_MIN_FAIR_ODDS, predictionMessages } from '@cashtips/contract/predictions';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { TrendingIcon } from '../../../components/ui/icons/trending-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import {
  WidgetEmpty,
  WidgetFrame,
  WidgetSkeleton,
  widgetFooterLinkClass,
  widgetLimit,
  widgetRowTextClass,
} from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatLagosTime } from '../../../lib/format.ts';
import { useInsights } from '../api/get-insights.ts';

/**
 * Dashboard: the match model's most probable pick worth a bet on today's free-tip matches (2, 1
 * compact; the server leaves out picks shorter than INSIGHT_MIN_FAIR_ODDS), each with its probability
 * and fair odds. Without any it says so and when the next free-tip match is; a failed load says the
 * insights are unavailable, without an error, like the other widgets.
 */
export function AiInsightsWidget({ compact = false }: { compact?: boolean }) {
  const limit = widgetLimit(compact);
  const query = useInsights();
  const insights = query.data?.insights ?? (query.isError ? [] : undefined);
  const next = query.data?.nextKickoff;
  const noneText = query.isError
    ? predictionMessages.insightsUnavailable
    : `${predictionMessages.noInsights} ${next ? `Next free-tip match: ${formatDateTime(next)}.` : predictionMessages.noNextMatch}`;
  return (
    <WidgetFrame id="ai-insights-title" title="AI Insights" icon={<TrendingIcon className="size-5" />}>
      {!insights ? (
        <WidgetSkeleton rows={limit} rowClassName="h-[6.5rem]" />
      ) : insights.length === 0 ? (
        <WidgetEmpty text={noneText} />
      ) : (
        <ul className="flex flex-col gap-2">
          {insights.slice(0, limit).map((insight) => (
            <li key={insight.matchId} className="flex flex-col gap-2 rounded-xl bg-emerald-950/50 px-3 py-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className={widgetRowTextClass}>
                  <p className="font-semibold break-words text-white">
                    {insight.homeTeam} vs {insight.awayTeam}
                  </p>
                  <p className="text-xs text-emerald-100/70">
                    {insight.league} ·{' '}
                    <time dateTime={insight.kickoff}>{formatLagosTime(insight.kickoff)}</time>
                  </p>
                </div>
                <p className="ml-auto shrink-0 text-right text-lime-300">
                  <span className="block text-xl leading-6 font-bold tabular-nums">
                    {Math.round(insight.pick.probability * 100)}%
                  </span>
                  <span className="text-xs text-emerald-100/75">likely</span>
                </p>
              </div>
              <p className="text-sm text-emerald-50">
                <span className="font-semibold text-white">{insight.pick.label}</span>
                <span className="text-emerald-100/75"> · fair odds {insight.pick.fairOdds.toFixed(2)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-emerald-100/70">
        The model’s probabilities, fitted on past results (goals, home advantage, recency). Only picks at fair
        odds of {INSIGHT_MIN_FAIR_ODDS.toFixed(2)} or more: shorter prices pay too little once a bookmaker
        takes its margin. Fair odds are 1&nbsp;÷&nbsp;probability; no pick is certain.
      </p>
      <Link to={paths.free} className={widgetFooterLinkClass}>
        Today’s free tips
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}
