import { isLagosDay } from '@cashtips/contract/lagos-time';
import {
  type MatchPrediction,
  modelLeagues,
  predictionMessages,
  type SuggestionsResponse,
} from '@cashtips/contract/predictions';
import { useId, useState } from 'react';
import { type IconProps, Outline } from '../../../components/ui/icons/outline.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { formatDate, formatDateTime } from '../utils/format.ts';
import { percentText } from '../utils/model-game.ts';
import { MarketComparison } from './market-comparison.tsx';
import { ModelPickRow } from './model-pick-row.tsx';
import { card } from './table-styles.ts';

type Fit = SuggestionsResponse['fits'][number];

function ChevronIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m6 9 6 6 6-6" />
    </Outline>
  );
}

/** A fit's league by the name the product shows ('Premier League' for 'en.1'). */
export const leagueName = (key: string) => modelLeagues.find((league) => league.key === key)?.name ?? key;

/** The day a fit's data stops: a Lagos date ('24 Nov 2026'), or a time's date. */
const dayText = (value: string) => (isLagosDay(value) ? formatLagosDay(value) : formatDate(value));

/** '1,140 matches before 24 Nov 2026, fitted 25 Nov 2026, 03:00' */
export const fitText = (fit: Fit) =>
  `${formatCount(fit.matches)} ${fit.matches === 1 ? 'match' : 'matches'} before ${dayText(fit.asOf)}, fitted ${formatDateTime(fit.fittedAt)}`;

/** The match's result probabilities: figures over a bar split three ways (the bar is decoration). */
function ResultProbabilities({ match }: { match: MatchPrediction }) {
  const markets = match.markets;
  if (!markets) return null;
  const { home, draw, away } = markets.result;
  const parts = [
    { label: match.homeTeam, value: home, className: 'bg-lime-400' },
    { label: 'Draw', value: draw, className: 'bg-emerald-200' },
    { label: match.awayTeam, value: away, className: 'bg-sky-400' },
  ];
  return (
    <div className="mt-3 flex flex-col gap-2">
      {/* Whole club names: one outcome a line on phones (a third of a 320 px card cut them), three
          columns from 640 px, a name wrapping between its words. */}
      <dl className="grid gap-1.5 text-sm sm:grid-cols-3 sm:gap-2">
        {parts.map((part) => (
          <div key={part.label} className="flex min-w-0 items-baseline justify-between gap-3 sm:block">
            <dt className="flex min-w-0 items-baseline gap-1.5 text-xs text-emerald-200/75">
              <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-sm ${part.className}`} />
              <span className="min-w-0">{part.label}</span>
            </dt>
            <dd className="shrink-0 text-lg font-bold text-white tabular-nums">{percentText(part.value)}</dd>
          </div>
        ))}
      </dl>
      <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-emerald-900">
        {parts.map((part) => (
          <span key={part.label} className={part.className} style={{ width: `${part.value * 100}%` }} />
        ))}
      </div>
      <p className="text-xs text-emerald-100/70 tabular-nums">
        Expected goals {markets.expectedGoals.home.toFixed(2)}–{markets.expectedGoals.away.toFixed(2)}
      </p>
    </div>
  );
}

/**
 * Every pick of a match behind a disclosure. The picks are drawn on first opening and then only hidden, so
 * typed prices and posted tips stay when the list is closed and opened again.
 */
function Picks({ match }: { match: MatchPrediction }) {
  const panelId = useId();
  const [opened, setOpened] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const toggle = () => {
    setOpened(true);
    setExpanded((current) => !current);
  };
  const title = `${match.homeTeam} vs ${match.awayTeam}`;
  return (
    <div className="mt-3 border-t border-emerald-800/60 pt-2">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={toggle}
        className="flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-lime-300 underline-offset-4 hover:underline"
      >
        <ChevronIcon className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
        {expanded ? 'Hide the picks' : `Show all ${match.picks.length} picks`}{' '}
        <span className="sr-only">of {title}</span>
      </button>
      <div id={panelId} hidden={!expanded}>
        {opened && (
          <ul aria-label={`Picks for ${title}`} className="mt-2 flex flex-col gap-2">
            {match.picks.map((pick) => (
              <ModelPickRow key={`${pick.market}:${pick.prediction}`} match={match} pick={pick} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * One upcoming match: teams, league and Lagos kickoff, the model's 1X2 (beside the market's when the match
 * has prices) and its picks, or why it has none.
 */
function SuggestionCard({ match }: { match: MatchPrediction }) {
  const headingId = useId();
  const title = `${match.homeTeam} vs ${match.awayTeam}`;
  return (
    <li>
      <article aria-labelledby={headingId} className={card}>
        <h2 id={headingId} className="text-base font-bold break-words text-white sm:text-lg">
          {title}
        </h2>
        <p className="text-sm text-emerald-100/80">
          {match.league} · <time dateTime={match.kickoff}>{formatDateTime(match.kickoff)}</time>
        </p>
        {match.markets ? (
          <>
            <ResultProbabilities match={match} />
            <MarketComparison match={match} />
          </>
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-emerald-700 px-3 py-2 text-sm text-emerald-100/85">
            Not priced: {predictionMessages.reasons[match.reason ?? 'no-fit-yet']}
          </p>
        )}
        {match.fit && (
          <p className="mt-2 text-xs text-emerald-100/70">
            Fit: {leagueName(match.fit.league)}, {fitText(match.fit)}
          </p>
        )}
        {match.picks.length > 0 && <Picks match={match} />}
      </article>
    </li>
  );
}

/** The suggestions page's matches as cards, soonest first (the server's order). */
export function SuggestionsList({ matches }: { matches: MatchPrediction[] }) {
  return (
    <ul aria-label="Upcoming matches" className="grid gap-3">
      {matches.map((match) => (
        <SuggestionCard key={match.matchId} match={match} />
      ))}
    </ul>
  );
}

/**
 * The latest fit of each league, or that there is none yet: one line (how many leagues, the newest fit) that
 * opens on the list, so seven leagues do not push the matches below the fold on a phone.
 */
export function FitList({ fits }: { fits: Fit[] }) {
  if (fits.length === 0) {
    return <p className="text-sm text-emerald-100/80">{predictionMessages.reasons['no-fit-yet']}</p>;
  }
  const newest = fits.reduce((latest, fit) => (fit.fittedAt > latest.fittedAt ? fit : latest));
  return (
    <details className="text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center rounded-lg text-emerald-100/85 hover:text-white">
        {formatCount(fits.length)} {fits.length === 1 ? 'league' : 'leagues'} fitted, latest{' '}
        {formatDateTime(newest.fittedAt)}
      </summary>
      <ul className="flex flex-col gap-1 pb-1">
        {fits.map((fit) => (
          <li key={fit.league} className="break-words text-emerald-100/85">
            <span className="font-semibold text-white">{leagueName(fit.league)}</span>: {fitText(fit)}
          </li>
        ))}
      </ul>
    </details>
  );
}
