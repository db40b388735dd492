import { tipMessages } from '@cashtips/contract/tips';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { SparkIcon } from '../../../components/ui/icons/spark-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import {
  WidgetEmpty,
  WidgetFrame,
  WidgetSkeleton,
  widgetFooterLinkClass,
  widgetLimit,
} from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDay } from '../../../lib/format.ts';
import { usePastTips } from '../api/get-past-tips.ts';
import { CommunityLinks } from './community-links.tsx';
import { TipStatusBadge } from './tip-status.tsx';

/**
 * Dashboard (spec): the latest 2 past tips (1 compact) with their status, the Telegram and WhatsApp
 * community links and a link to /past-tips. Failures leave it empty.
 */
export function FreeTipsWidget({ compact = false }: { compact?: boolean }) {
  const limit = widgetLimit(compact);
  const query = usePastTips(1, 2);
  const tips = query.data?.tips ?? (query.isError ? [] : undefined);
  return (
    <WidgetFrame id="free-tips-title" title="Free Tips Today" icon={<SparkIcon className="size-5" />}>
      {!tips ? (
        <WidgetSkeleton rows={limit} rowClassName="h-[4.5rem]" />
      ) : tips.length === 0 ? (
        <WidgetEmpty text={tipMessages.noPastTips} />
      ) : (
        <ul className="flex flex-col gap-2">
          {tips.slice(0, limit).map((tip) => (
            <li key={tip._id} className="flex items-center gap-3 rounded-xl bg-emerald-950/50 px-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-white">{tip.teams}</p>
                <p className="truncate text-xs text-emerald-100/70">
                  {tip.prediction} · {tip.totalOdds.toFixed(2)} odds · {formatLagosDay(tip.date)}
                </p>
              </div>
              <TipStatusBadge status={tip.status} />
            </li>
          ))}
        </ul>
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
