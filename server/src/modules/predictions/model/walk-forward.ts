/**
 * Honest evaluation of the model on one season: walk forward through it, refitting at most every
 * 7 days. A fit on day D uses only matches dated before D and predicts the matches dated D to D+6;
 * so no match is ever predicted by a fit that saw a result dated on or after its own day. Beside it,
 * the base-rate baseline: the home/draw/away frequencies of every earlier match of the league
 * (dated before the season's first day), predicted for every match alike.
 */
import { addLagosDays } from '@cashtips/contract/lagos-time';
import { DEFAULT_XI, type FitOptions, fitDixonColes, scoreMatrix } from './dixon-coles.ts';
import { resultProbabilities } from './markets.ts';
import { type Outcome, outcomeOf, type ResultProbabilities, type Scores, scoreAll } from './metrics.ts';
import type { FinishedMatch, FittedModel } from './types.ts';

export interface WalkForwardOptions {
  xi?: number;
  ridge?: number;
  windowDays?: number;
  newcomerGap?: number;
  /**
   * The matches whose home/draw/away frequencies are the baseline (only those dated before the
   * season count); default: every match of `history` before the season.
   */
  baselineMatches?: readonly FinishedMatch[];
  /** Days a fit is used for (at most 7). */
  refitDays?: number;
  /** The fitting function (tests put a spy here); it gets only the matches dated before `asOf`. */
  fit?: (matches: readonly FinishedMatch[], options: FitOptions) => FittedModel;
}

export interface MatchPrediction {
  match: FinishedMatch;
  outcome: Outcome;
  /** The day of the fit that predicted it (it saw only matches dated before this day). */
  fitAsOf: string;
  probabilities: ResultProbabilities;
  /** True when the model could not name the match (unknown team, no new-team level): baseline used. */
  fallback: boolean;
}

export interface WalkForwardResult {
  matches: number;
  start: string;
  end: string;
  xi: number;
  fits: number;
  model: Scores;
  baseline: Scores;
  /** The baseline's constant forecast: earlier seasons' home/draw/away frequencies. */
  baselineProbabilities: ResultProbabilities;
  predictions: MatchPrediction[];
}

/** Home/draw/away frequencies of the matches given; null for none. */
export function baseRates(matches: readonly FinishedMatch[]): ResultProbabilities | null {
  if (matches.length === 0) return null;
  let home = 0;
  let draw = 0;
  for (const match of matches) {
    const outcome = outcomeOf(match.homeGoals, match.awayGoals);
    if (outcome === 'home') home++;
    else if (outcome === 'draw') draw++;
  }
  const n = matches.length;
  return { home: home / n, draw: draw / n, away: (n - home - draw) / n };
}

const isMatchList = (
  season: { start: string; end: string } | readonly FinishedMatch[],
): season is readonly FinishedMatch[] => Array.isArray(season);

/**
 * `history`: every finished match of the league, any season (the season's own results included:
 * they feed the later fits). `season`: its first and last day, or its matches.
 */
export function walkForward(
  history: readonly FinishedMatch[],
  season: { start: string; end: string } | readonly FinishedMatch[],
  options: WalkForwardOptions = {},
): WalkForwardResult {
  const xi = options.xi ?? DEFAULT_XI;
  const refitDays = Math.min(Math.max(Math.floor(options.refitDays ?? 7), 1), 7);
  const fit = options.fit ?? fitDixonColes;
  const toPredict = (
    isMatchList(season)
      ? [...season]
      : history.filter((match) => match.date >= season.start && match.date <= season.end)
  ).sort((a, b) => a.date.localeCompare(b.date));
  if (toPredict.length === 0) throw new Error('no matches to predict in that season');
  const start = toPredict[0]!.date;
  const end = toPredict.at(-1)!.date;

  const baselineProbabilities = baseRates(
    (options.baselineMatches ?? history).filter((match) => match.date < start),
  );
  if (!baselineProbabilities) throw new Error(`no matches before ${start} for the baseline`);

  const predictions: MatchPrediction[] = [];
  let previous: FittedModel | undefined;
  let fits = 0;
  let i = 0;
  while (i < toPredict.length) {
    const asOf = toPredict[i]!.date;
    const lastDay = addLagosDays(asOf, refitDays - 1);
    // Only the past goes in; the fit filters again by itself.
    const seen = history.filter((match) => match.date < asOf);
    const model = fit(seen, {
      asOf,
      xi,
      initial: previous,
      ridge: options.ridge,
      windowDays: options.windowDays,
      newcomerGap: options.newcomerGap,
    });
    previous = model;
    fits++;
    for (; i < toPredict.length && toPredict[i]!.date <= lastDay; i++) {
      const match = toPredict[i]!;
      const matrix = scoreMatrix(model, match.home, match.away);
      predictions.push({
        match,
        outcome: outcomeOf(match.homeGoals, match.awayGoals),
        fitAsOf: asOf,
        probabilities: matrix ? resultProbabilities(matrix) : baselineProbabilities,
        fallback: matrix === null,
      });
    }
  }

  return {
    matches: predictions.length,
    start,
    end,
    xi,
    fits,
    model: scoreAll(predictions),
    baseline: scoreAll(predictions.map(({ outcome }) => ({ probabilities: baselineProbabilities, outcome }))),
    baselineProbabilities,
    predictions,
  };
}
