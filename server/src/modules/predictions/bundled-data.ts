import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  availableLeagues,
  canonicalTeamName,
  leagueNames,
  openfootballDataDir,
  parseCsvLine,
} from './model/data.ts';
import { type ImportMatch, leagueNameOf, timeZoneOf, zonedTime } from './openfootball.ts';

const SEASON_FILE = /^(\d{4}-\d{2})\.csv$/;

/**
 * The bundled results (`server/data/openfootball/<league>/<season>.csv`, the model's own data) from
 * `fromSeason` on, as matches for the registry: each club under the name the data uses today (its
 * aliases applied, as the model reads it), each league under the product's name, each kickoff from
 * the league's local time.
 */
export function readBundledMatches(fromSeason: string, dataDir = openfootballDataDir()): ImportMatch[] {
  const names = leagueNames(dataDir);
  const found: ImportMatch[] = [];
  for (const key of availableLeagues(dataDir)) {
    const league = leagueNameOf(key, names[key]);
    const timeZone = timeZoneOf(key);
    const folder = path.join(dataDir, key);
    for (const file of readdirSync(folder).sort()) {
      const season = SEASON_FILE.exec(file)?.[1];
      if (!season || season < fromSeason) continue;
      const lines = readFileSync(path.join(folder, file), 'utf8').split('\n').slice(1);
      for (const line of lines) {
        if (!line.trim()) continue;
        const [date = '', time = '', home = '', away = '', hg, ag] = parseCsvLine(line);
        const homeGoals = Number(hg);
        const awayGoals = Number(ag);
        if (!date || !home || !away || !Number.isInteger(homeGoals) || !Number.isInteger(awayGoals)) continue;
        found.push({
          league,
          season,
          kickoff: zonedTime(date, time, timeZone),
          home: canonicalTeamName(key, home, dataDir),
          away: canonicalTeamName(key, away, dataDir),
          homeGoals,
          awayGoals,
        });
      }
    }
  }
  return found;
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
