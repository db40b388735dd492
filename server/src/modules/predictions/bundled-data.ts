import {
  availableLeagues,
  canonicalTeamName,
  leagueNames,
  leagueSeasonFiles,
  openfootballDataDir,
} from './model/data.ts';
import { type ImportMatch, leagueNameOf, timeZoneOf, zonedTime } from './openfootball.ts';

/**
 * The bundled results (`server/data/openfootball/<league>/<season>.csv`, the model's own data) from
 * `fromSeason` on, as matches for the registry: each club under the name the data uses today (its
 * aliases applied, as the model reads it), each league under the product's name, each kickoff from
 * the league's local time.
 */
export function readBundledMatches(fromSeason: string, dataDir = openfootballDataDir()): ImportMatch[] {
  const names = leagueNames(dataDir);
  return availableLeagues(dataDir).flatMap((key) => {
    const league = leagueNameOf(key, names[key]);
    const timeZone = timeZoneOf(key);
    return leagueSeasonFiles(key, dataDir)
      .filter(({ season }) => season >= fromSeason)
      .flatMap(({ season, matches }) =>
        matches.map(({ date, time, home, away, homeGoals, awayGoals }) => ({
          league,
          season,
          kickoff: zonedTime(date, time, timeZone),
          home,
          away,
          homeGoals,
          awayGoals,
        })),
      );
  });
}

/** Clubs of imported files under the names the bundled data uses (its aliases), when it knows the league. */
export function withBundledNames(
  list: ImportMatch[],
  leagueKeyOf: (match: ImportMatch) => string | null,
): ImportMatch[] {
  return list.map((match) => {
    const key = leagueKeyOf(match);
    if (!key) return match;
    return { ...match, home: canonicalTeamName(key, match.home), away: canonicalTeamName(key, match.away) };
  });
}
