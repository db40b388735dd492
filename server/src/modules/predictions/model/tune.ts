/**
 * How ξ (time decay) and the ridge were chosen, kept so the choice can be re-run and checked:
 * `npx tsx server/src/modules/predictions/model/tune.ts [xi,...] [ridge,...] [leagues] [seasons] [gap]`
 * walks forward through the tuning seasons below for each pair and prints the mean RPS per league and
 * overall (`gap`: NEWCOMER_GAP_MATCHES to try; a huge one turns the newcomers' level off). Only seasons
 * up to 2019-20 are used; the seasons reported in the README (2020-21 and later) never take part.
 */
import { evaluateSeason } from './evaluate.ts';

export const TUNING_LEAGUES = ['en.1', 'en.2', 'de.1', 'es.1', 'it.1', 'fr.1'];
export const TUNING_SEASONS = ['2015-16', '2016-17', '2017-18', '2018-19', '2019-20'];

function list(arg: string | undefined, fallback: number[]): number[] {
  return arg ? arg.split(',').map(Number) : fallback;
}

const xis = list(process.argv[2], [0.001, 0.0015, 0.002, 0.0025, 0.003, 0.004]);
const ridges = list(process.argv[3], [1, 2, 4, 8]);
const leagues = process.argv[4] ? process.argv[4].split(',') : TUNING_LEAGUES;
const seasons = process.argv[5] ? process.argv[5].split(',') : TUNING_SEASONS;
const newcomerGap = process.argv[6] ? Number(process.argv[6]) : undefined;

for (const xi of xis) {
  for (const ridge of ridges) {
    const perLeague: string[] = [];
    let sum = 0;
    let count = 0;
    for (const league of leagues) {
      let leagueSum = 0;
      let leagueCount = 0;
      for (const season of seasons) {
        let evaluation: ReturnType<typeof evaluateSeason>;
        try {
          evaluation = evaluateSeason(league, season, { xi, ridge, newcomerGap });
        } catch {
          continue; // a season the data does not have (en.2 2016-17 and 2017-18)
        }
        leagueSum += evaluation.result.model.rps * evaluation.result.matches;
        leagueCount += evaluation.result.matches;
      }
      if (leagueCount) perLeague.push(`${league} ${(leagueSum / leagueCount).toFixed(4)}`);
      sum += leagueSum;
      count += leagueCount;
    }
    console.log(
      `xi ${xi} ridge ${ridge}: mean RPS ${(sum / count).toFixed(5)} over ${count}  (${perLeague.join(', ')})`,
    );
  }
}
