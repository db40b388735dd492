import type { CalibrationResponse } from '@cashtips/contract/predictions';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { usePredictionCalibration } from '../../../features/admin/api/get-prediction-calibration.ts';
import { CalibrationChart, settledPicks } from '../../../features/admin/components/calibration-chart.tsx';
import { ListEmpty, ListError, ResultsStatus } from '../../../features/admin/components/list-states.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { edgeText } from '../../../features/admin/utils/model-game.ts';
import { AdminPage } from '../admin-page.tsx';

type Running = CalibrationResponse['running'];
type MarketRecord = CalibrationResponse['market'];

const score = (value: number) => value.toFixed(4);

/** The running RPS in plain words: how the model did against the base rates, and which way is better. */
export function runningRpsText({ matches, rps, baselineRps }: Running): string {
  if (matches === 0 || rps === null) {
    return 'No finished match has a stored prediction yet: the running score appears once one does.';
  }
  const over = `Over ${formatCount(matches)} finished ${matches === 1 ? 'match' : 'matches'}, the model’s ranked probability score (RPS) is ${score(rps)}`;
  if (baselineRps === null) return `${over}. Lower is better.`;
  const base = `${over}, against ${score(baselineRps)} for the base rates (each league’s past home, draw and away shares)`;
  if (baselineRps === 0 || score(rps) === score(baselineRps)) {
    return `${base}. Lower is better: the model is level with the base rates.`;
  }
  const change = Math.abs((baselineRps - rps) / baselineRps) * 100;
  const way = rps < baselineRps ? 'better than' : 'worse than';
  return `${base}. Lower is better: the model is ${change.toFixed(1)}% ${way} the base rates.`;
}

/** A titled card of three figures and the sentence that reads them. */
function FigureCard({
  id,
  title,
  figures,
  text,
}: {
  id: string;
  title: string;
  figures: readonly { label: string; value: string }[];
  text: string;
}) {
  return (
    <section aria-labelledby={id} className="card gap-3 p-4 sm:p-5">
      <h2 id={id} className="text-base font-bold text-white">
        {title}
      </h2>
      {/* Tighter on phones: at 320 px a four-decimal score in text-lg broke across two lines ('0.34', '10'). */}
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="min-w-0 rounded-xl border border-emerald-800/70 bg-emerald-950/40 p-2 sm:p-3"
          >
            <dt className="text-xs text-emerald-200/75">{figure.label}</dt>
            <dd className="mt-1 text-base font-bold tracking-tight whitespace-nowrap text-white tabular-nums sm:text-2xl sm:tracking-normal">
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-emerald-100/85">{text}</p>
    </section>
  );
}

function RunningScore({ running }: { running: Running }) {
  const figures = [
    { label: 'Model RPS', value: running.rps === null ? '—' : score(running.rps) },
    { label: 'Base rates RPS', value: running.baselineRps === null ? '—' : score(running.baselineRps) },
    { label: 'Matches counted', value: formatCount(running.matches) },
  ];
  return (
    <FigureCard id="running-rps-title" title="Running RPS" figures={figures} text={runningRpsText(running)} />
  );
}

/** A percentage from the server (6.4) signed as the edges are: '+6.4%', '−2.1%'. */
const signedPercent = (value: number) => edgeText(value / 100);

/** The model's settled priced picks at the market's prices in plain words: what the return and the price move mean. */
export function marketRecordText({
  picks,
  won,
  lost,
  returnPercent,
  closingPicks,
  closingChangePercent,
}: MarketRecord): string {
  if (picks === 0 || returnPercent === null) {
    return 'No settled model free tip was posted with a market price yet: these figures appear once one is.';
  }
  const staked = `Staked one unit each at the market price when posted, the model’s ${formatCount(picks)} settled free-tip ${picks === 1 ? 'pick' : 'picks'} with a price (${formatCount(won)} won, ${formatCount(lost)} lost) returned ${signedPercent(returnPercent)} per stake.`;
  if (closingChangePercent === null) return `${staked} None has a closing price yet.`;
  const whose =
    closingPicks === picks
      ? 'By kickoff their price'
      : `By kickoff, for the ${formatCount(closingPicks)} of them with a closing price, the price`;
  return `${staked} ${whose} had moved ${signedPercent(closingChangePercent)} on average: a shorter price means the market came round to the model.`;
}

function MarketFigures({ market }: { market: MarketRecord }) {
  const figures = [
    {
      label: 'Return at posted price',
      value: market.returnPercent === null ? '—' : signedPercent(market.returnPercent),
    },
    {
      label: 'Price move to kickoff',
      value: market.closingChangePercent === null ? '—' : signedPercent(market.closingChangePercent),
    },
    { label: 'Priced picks', value: formatCount(market.picks) },
  ];
  return (
    <FigureCard
      id="market-record-title"
      title="At the market’s prices"
      figures={figures}
      text={marketRecordText(market)}
    />
  );
}

/** Where the figures go while they load: the final layout in grey, out of reach of screen readers. */
function Placeholder() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-5">
      <div className="h-44 animate-pulse rounded-2xl bg-emerald-900/60" />
      <div className="h-96 animate-pulse rounded-2xl bg-emerald-900/60" />
    </div>
  );
}

/**
 * /admin/model: how the model's probabilities held up. The running RPS of its pre-kickoff home/draw/away
 * predictions on finished matches against the base rates, its settled free-tip picks at the market's
 * prices, and the calibration of its settled picks.
 */
export default function AdminModelRoute() {
  const query = usePredictionCalibration();
  const data = query.data;
  const settled = data ? settledPicks(data.buckets) : 0;
  return (
    <AdminPage
      title="Model"
      description="How the match model’s probabilities held up: its running score on finished matches, and whether its posted picks won as often as it said."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ResultsStatus>{query.isPending ? 'Loading the model’s record…' : ''}</ResultsStatus>
        <Link to={adminPaths.suggestions} className={buttonVariants.secondary}>
          Suggestions
        </Link>
      </div>
      {query.isPending && <Placeholder />}
      {query.isError && (
        <ListError
          error={query.error}
          fallback="Could not load the model’s record."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {data && (
        <div className="flex flex-col gap-5">
          <RunningScore running={data.running} />
          <MarketFigures market={data.market} />
          {settled === 0 ? (
            <ListEmpty
              action={
                <Link to={adminPaths.suggestions} className={buttonVariants.primary}>
                  Open the suggestions
                </Link>
              }
            >
              No model pick has been settled yet. Post picks from the suggestions; once their matches have
              results, the calibration chart fills in.
            </ListEmpty>
          ) : (
            <CalibrationChart buckets={data.buckets} />
          )}
        </div>
      )}
    </AdminPage>
  );
}
