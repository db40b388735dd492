import { NO_SETTLED_CODES } from '@cashtips/contract/dashboard';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { formatCount, StatFigure, UNKNOWN_FIGURE } from '../../../components/ui/stat-figure.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDate } from '../../../lib/format.ts';
import { useProfileStatistics } from '../api/get-profile-statistics.ts';

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The profile's statistics (spec part 2, PRODUCT 9), on real data: purchases (codes and plans), what
 * they cost, the user's settled codes won and lost, their success rate, and when they joined. Since
 * the account opened, where the dashboard's Performance Stats cover 30 days.
 */
export function ProfileStatistics({ memberSince }: { memberSince: string }) {
  const query = useProfileStatistics();
  const money = useMoney();
  const stats = query.data;
  /** A figure of the answer; the placeholder while loading; an empty value once the load failed. */
  const figure = (show: (value: NonNullable<typeof stats>) => string) =>
    stats ? show(stats) : query.isError ? UNKNOWN_FIGURE : undefined;
  const hint = (show: (value: NonNullable<typeof stats>) => string | null) => (stats ? show(stats) : null);
  return (
    <section aria-labelledby="profile-statistics-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div>
        <h2 id="profile-statistics-title" className="text-lg font-bold text-white">
          Your statistics
        </h2>
        <p className="text-sm text-emerald-100/75">Everything since you joined.</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatFigure
          label="Purchases"
          value={figure((s) => formatCount(s.codesBought + s.plansSubscribed))}
          hint={hint(
            (s) =>
              `${plural(s.codesBought, 'code', 'codes')} · ${plural(s.plansSubscribed, 'plan', 'plans')}`,
          )}
        />
        <StatFigure
          label="Spent"
          value={figure((s) => money.format(s.spent.total))}
          hint={hint((s) => `${money.format(s.spent.codes)} codes · ${money.format(s.spent.plans)} plans`)}
        />
        <StatFigure
          label="Won / lost"
          value={figure((s) => `${formatCount(s.won)} / ${formatCount(s.lost)}`)}
          hint={hint(() => 'Settled codes')}
        />
        <StatFigure
          label="Success rate"
          value={figure((s) => (s.successRate === null ? UNKNOWN_FIGURE : formatSuccessRate(s.successRate)))}
          hint={hint((s) => (s.successRate === null ? NO_SETTLED_CODES : 'Of your settled codes'))}
          valueClassName="text-lime-300"
        />
        {/* A whole row on a phone: a date does not fit half of one. */}
        <StatFigure
          label="Member since"
          value={formatDate(memberSince) || UNKNOWN_FIGURE}
          className="col-span-2 sm:col-span-1"
        />
      </dl>
      {query.isError && (
        <p role="alert" className="text-sm text-red-200">
          Your statistics could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      )}
    </section>
  );
}
