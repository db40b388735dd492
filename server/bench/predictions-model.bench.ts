/**
 * Match model benchmark, run by `npm run bench -- predict-fit predict-walk` (scripts/bench.mjs) on
 * the bundled results; no database. Prints one JSON line.
 *   fit   one Premier League fit on the 3.3 seasons before 2024-25 (about 1,180 matches, 25 teams,
 *         55 parameters): cold (no starting point) and warm (from the fit a week earlier), median of
 *         7 each; and a fit on the default window (every match within DEFAULT_WINDOW_DAYS)
 *   walk  the whole walk-forward evaluation of one season (Premier League 2023-24), and of the
 *         largest one (Championship 2023-24, 557 matches), median of 3 each
 * Usage: tsx server/bench/predictions-model.bench.ts fit|walk
 */
import { addLagosDays } from '@cashtips/contract/lagos-time';
import { loadLeagueHistory } from '../src/modules/predictions/model/data.ts';
import { fitDixonColes } from '../src/modules/predictions/model/dixon-coles.ts';
import { evaluateSeason } from '../src/modules/predictions/model/evaluate.ts';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

function fitBench() {
  const history = loadLeagueHistory('en.1');
  const asOf = '2024-08-16'; // the first day of 2024-25
  const windowDays = 1200; // 2021-05-04 on: the end of 2020-21 and three whole seasons
  const lastWeek = fitDixonColes(history, { asOf: addLagosDays(asOf, -7), windowDays });
  // One untimed fit first so the JIT has compiled the objective, as in a running server.
  fitDixonColes(history, { asOf, windowDays });
  const cold = Array.from({ length: 7 }, () => timed(() => fitDixonColes(history, { asOf, windowDays })));
  const warm = Array.from({ length: 7 }, () =>
    timed(() => fitDixonColes(history, { asOf, windowDays, initial: lastWeek })),
  );
  const all = Array.from({ length: 3 }, () => timed(() => fitDixonColes(history, { asOf })));
  const model = cold[0]!.value;
  return {
    league: 'en.1',
    asOf,
    matches: model.matches,
    teams: model.teams.length,
    parameters: 2 * model.teams.length + 5,
    coldMs: median(cold.map((run) => run.ms)),
    coldIterations: model.iterations,
    warmMs: median(warm.map((run) => run.ms)),
    warmIterations: warm[0]!.value.iterations,
    defaultWindow: {
      matches: all[0]!.value.matches,
      teams: all[0]!.value.teams.length,
      iterations: all[0]!.value.iterations,
      ms: median(all.map((run) => run.ms)),
    },
  };
}

function walkBench() {
  const season = (league: string, name: string) => {
    const runs = Array.from({ length: 3 }, () => evaluateSeason(league, name));
    const first = runs[0]!;
    return {
      league,
      season: name,
      matches: first.result.matches,
      fits: first.result.fits,
      seconds: median(runs.map((run) => run.seconds)),
      rps: first.result.model.rps,
      baselineRps: first.result.baseline.rps,
    };
  };
  return { epl: season('en.1', '2023-24'), largest: season('en.2', '2023-24') };
}

const which = process.argv[2];
if (which === 'fit') console.log(JSON.stringify(fitBench()));
else if (which === 'walk') console.log(JSON.stringify(walkBench()));
else throw new Error('usage: predictions-model.bench.ts fit|walk');
