import type { ReactNode } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useAdminOverview } from '../../../features/admin/api/get-admin-overview.ts';
import { ListError, ResultsStatus } from '../../../features/admin/components/list-states.tsx';
import { OverviewCharts } from '../../../features/admin/components/overview-charts.tsx';
import {
  MoneyOutFigures,
  OverviewSection,
  PeriodFigures,
  RightNowFigures,
  UserFigures,
} from '../../../features/admin/components/overview-figures.tsx';
import {
  DEFAULT_OVERVIEW_PERIOD,
  OverviewPeriodSwitch,
  periodDays,
  periodTotals,
  toOverviewPeriod,
} from '../../../features/admin/components/overview-period.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { AdminPage } from '../admin-page.tsx';

/**
 * While the overview loads, the screen is laid out already with grey bars for the figures and charts
 * (nothing moves when they come); `inert` keeps the placeholders out of reach of keyboards and screen
 * readers, which hear the status line instead.
 */
function Body({ loading, children }: { loading: boolean; children: ReactNode }) {
  return loading ? <div inert>{children}</div> : children;
}

/**
 * /admin: the admin's first screen. What waits (the settle queue, failed deliveries), then the chosen
 * period (7, 30 or 90 Lagos days, summed here from the server's 90-day series) in figures and charts,
 * then the accounts. The period is kept in the address (?days=7), so a reload keeps it.
 */
export default function AdminOverviewRoute() {
  const query = useAdminOverview();
  const { get, setFilter } = useListParams();
  const period = toOverviewPeriod(get('days'));
  const data = query.data ?? null;
  const loading = query.isPending;
  const days = data ? periodDays(data.series, period) : undefined;

  return (
    <AdminPage
      title="Overview"
      description="What waits for you, and how sign-ups, deposits and sales went. Days are Lagos days; money is in naira."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ResultsStatus>{loading ? 'Loading the overview…' : ''}</ResultsStatus>
        <Link to={adminPaths.settings} className={buttonVariants.secondary}>
          Site settings
        </Link>
      </div>
      {query.isError ? (
        <ListError
          error={query.error}
          fallback="Could not load the overview."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-8">
          <OverviewSection id="overview-now" title="Right now">
            <Body loading={loading}>
              <RightNowFigures data={data} />
            </Body>
          </OverviewSection>
          <OverviewSection id="overview-money-out" title="Money out">
            <Body loading={loading}>
              <MoneyOutFigures data={data} />
            </Body>
          </OverviewSection>
          <OverviewSection
            id="overview-period"
            title={`Last ${period} days`}
            action={
              <OverviewPeriodSwitch
                value={period}
                onChange={(next) => setFilter('days', next === DEFAULT_OVERVIEW_PERIOD ? '' : String(next))}
              />
            }
          >
            <Body loading={loading}>
              <div className="flex flex-col gap-3">
                <PeriodFigures totals={days ? periodTotals(days) : null} />
                <OverviewCharts period={period} days={days} />
              </div>
            </Body>
          </OverviewSection>
          <OverviewSection id="overview-users" title="Users">
            <Body loading={loading}>
              <UserFigures data={data} />
            </Body>
          </OverviewSection>
        </div>
      )}
    </AdminPage>
  );
}
