import type { DashboardStats } from '@cashtips/contract/dashboard';
import { formatCount, StatFigure, UNKNOWN_FIGURE } from '../../../components/ui/stat-figure.tsx';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';

type Summary = DashboardStats['summary'];

const figures: readonly { label: string; of: (summary: Summary) => number }[] = [
  { label: 'Plans Available', of: (summary) => summary.plansAvailable },
  { label: 'Tips Today', of: (summary) => summary.tipsToday },
  { label: 'Users Subscribed', of: (summary) => summary.usersSubscribed },
  { label: 'Telegram Tips', of: (summary) => summary.telegramTips },
];

/**
 * The dashboard's stats strip (spec): plans on sale, tips posted today, people subscribed and free tips
 * sent to Telegram. Each box keeps its height while loading, so the widgets below never move.
 */
export function StatsStrip({ compact = false }: { compact?: boolean }) {
  const stats = useDashboardStats();
  const summary = stats?.summary;
  return (
    <section aria-labelledby="stats-strip-title">
      <h2 id="stats-strip-title" className="sr-only">
        At a glance
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(({ label, of }) => (
          <StatFigure
            key={label}
            label={label}
            value={summary ? formatCount(of(summary)) : stats === null ? UNKNOWN_FIGURE : undefined}
            compact={compact}
          />
        ))}
      </dl>
    </section>
  );
}
