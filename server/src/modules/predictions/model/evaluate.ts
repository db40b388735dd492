/**
 * `npm run -s predict:evaluate -- --league en.1 --season 2023-24 [--json]`: the honest walk-forward
 * evaluation of one league-season on the bundled data (see walk-forward.ts), beside the base-rate
 * baseline (the previous three seasons' home/draw/away frequencies). With --json, the command writes
 * exactly one JSON object and nothing else to standard output (npm's own banner comes before it
 * unless npm runs silently, `-s`).
 * Exit codes: 0 done, 2 bad arguments (unknown league or season, nothing to fit on).
 */
import { availableLeagueSeasons, loadLeagueHistory, openfootballDataDir } from './data.ts';
import { type WalkForwardOptions, type WalkForwardResult, walkForward } from './walk-forward.ts';

/** Seasons whose frequencies make the baseline: the three before the evaluated one. */
export const BASELINE_SEASONS = 3;

export interface SeasonEvaluation {
  league: string;
  season: string;
  result: WalkForwardResult;
  seconds: number;
}

export class EvaluationError extends Error {}

/** Walks forward through one league-season of the data in `dataDir` (default: the bundled data). */
export function evaluateSeason(
  league: string,
  season: string,
  options: WalkForwardOptions & { dataDir?: string } = {},
): SeasonEvaluation {
  const dataDir = options.dataDir ?? openfootballDataDir();
  const all = availableLeagueSeasons(dataDir);
  const leagues = [...new Set(all.map((entry) => entry.league))];
  if (!leagues.includes(league)) {
    throw new EvaluationError(`unknown league '${league}'; known: ${leagues.join(', ')}`);
  }
  const seasons = all.filter((entry) => entry.league === league);
  const index = seasons.findIndex((entry) => entry.season === season);
  if (index === -1) {
    throw new EvaluationError(
      `no season '${season}' for ${league}; available: ${seasons.map((entry) => entry.season).join(', ')}`,
    );
  }
  if (index === 0) {
    throw new EvaluationError(
      `${league} ${season} is the first season in the data: nothing earlier to fit on`,
    );
  }
  const range = seasons[index]!;
  const history = loadLeagueHistory(league, dataDir);
  const baselineFrom = seasons[Math.max(0, index - BASELINE_SEASONS)]!.start;
  const baselineMatches = history.filter((match) => match.date >= baselineFrom && match.date < range.start);
  const started = performance.now();
  const result = walkForward(
    history,
    { start: range.start, end: range.end },
    { ...options, baselineMatches },
  );
  return { league, season, result, seconds: (performance.now() - started) / 1000 };
}

/** The --json answer. */
export function summary({ league, season, result }: SeasonEvaluation) {
  return {
    league,
    season,
    matches: result.matches,
    rps: result.model.rps,
    baselineRps: result.baseline.rps,
    logLoss: result.model.logLoss,
    brier: result.model.brier,
    accuracy: result.model.accuracy,
  };
}

export function formatTable(evaluation: SeasonEvaluation): string {
  const { league, season, result, seconds } = evaluation;
  const rows: [string, string, string][] = [
    ['RPS', result.model.rps.toFixed(4), result.baseline.rps.toFixed(4)],
    ['log loss', result.model.logLoss.toFixed(4), result.baseline.logLoss.toFixed(4)],
    ['Brier', result.model.brier.toFixed(4), result.baseline.brier.toFixed(4)],
    [
      'accuracy',
      `${(result.model.accuracy * 100).toFixed(1)}%`,
      `${(result.baseline.accuracy * 100).toFixed(1)}%`,
    ],
  ];
  const base = result.baselineProbabilities;
  const percent = (p: number) => `${(p * 100).toFixed(1)}%`;
  const fallbacks = result.predictions.filter((prediction) => prediction.fallback).length;
  return [
    `${league} ${season}: ${result.matches} matches, ${result.start} to ${result.end}`,
    `walk-forward: ${result.fits} fits (at most one per 7 days, each on matches dated before it), ` +
      `xi ${result.xi}/day, ${seconds.toFixed(1)} s`,
    `baseline: home ${percent(base.home)}, draw ${percent(base.draw)}, away ${percent(base.away)} ` +
      `(previous ${BASELINE_SEASONS} seasons)`,
    ...(fallbacks ? [`${fallbacks} matches had no model prediction and got the baseline`] : []),
    '',
    `${'metric'.padEnd(10)}${'model'.padStart(10)}${'baseline'.padStart(10)}`,
    ...rows.map(
      ([label, model, baseline]) => `${label.padEnd(10)}${model.padStart(10)}${baseline.padStart(10)}`,
    ),
    '',
    'Lower is better for RPS, log loss and Brier; accuracy is the share of matches whose most likely result happened.',
  ].join('\n');
}

export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Another data folder (tests use a small fixture). */
  dataDir?: string;
}

const USAGE = 'usage: npm run -s predict:evaluate -- --league <code> --season <YYYY-YY> [--json]';

/** The command: parses its arguments, prints, answers the exit code. */
export function runEvaluateCommand(argv: readonly string[], io: CommandIo): number {
  let league: string | undefined;
  let season: string | undefined;
  let json = false;
  let dataDir = io.dataDir;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next.startsWith('--')) throw new EvaluationError(`${flag} needs a value`);
      return next;
    };
    try {
      if (flag === '--league') league = value();
      else if (flag === '--season') season = value();
      else if (flag === '--data-dir') dataDir = value();
      else if (flag === '--json') json = true;
      else if (flag === '--help' || flag === '-h') {
        io.stdout(`${USAGE}\n`);
        return 0;
      } else throw new EvaluationError(`unknown argument '${arg}'`);
    } catch (error) {
      io.stderr(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
  }
  if (!league || !season) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  let evaluation: SeasonEvaluation;
  try {
    evaluation = evaluateSeason(league, season, { dataDir });
  } catch (error) {
    if (error instanceof EvaluationError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  io.stdout(json ? `${JSON.stringify(summary(evaluation))}\n` : `${formatTable(evaluation)}\n`);
  return 0;
}
