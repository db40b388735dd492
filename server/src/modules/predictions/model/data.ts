/**
 * The bundled results (`server/data/openfootball/`, CC0, see its README.md): one CSV per
 * league-season, `date,time,home,away,hg,ag`, and `aliases.csv` mapping a club's older spellings to
 * its newest. Read from the server package's own folder, found from this module's location, so it
 * works from source (tsx, vitest) and from the bundle (`server/dist/main.js`) alike; nothing outside
 * the project is read.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FinishedMatch } from './types.ts';

const SEASON = /^\d{4}-\d{2}$/;
const LEAGUE = /^[a-z0-9]+(?:\.[a-z0-9]+)*$/i;

/** `server/data/openfootball`, looked for upwards from this file (src/modules/... or dist/). */
function findDataDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'data', 'openfootball');
    if (existsSync(path.join(candidate, 'aliases.csv'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the results data (server/data/openfootball) was not found');
    dir = parent;
  }
}

let defaultDataDir: string | undefined;
/** The bundled data folder. */
export function openfootballDataDir(): string {
  defaultDataDir ??= findDataDir();
  return defaultDataDir;
}

/** One CSV line into fields (quoted fields may hold commas and doubled quotes). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else value += line[i++];
      }
      fields.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      const stop = end === -1 ? line.length : end;
      fields.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return fields;
}

export interface LeagueSeason {
  league: string;
  season: string;
  /** First and last match day in the data. */
  start: string;
  end: string;
  matches: number;
}

export interface SeasonFile {
  season: string;
  matches: (FinishedMatch & { time: string })[];
}

const cache = new Map<string, SeasonFile[]>();
const aliasCache = new Map<string, Map<string, string>>();

function aliasesOf(dataDir: string, league: string): Map<string, string> {
  const key = `${dataDir}\n${league}`;
  let aliases = aliasCache.get(key);
  if (aliases) return aliases;
  aliases = new Map();
  const file = path.join(dataDir, 'aliases.csv');
  if (existsSync(file)) {
    const lines = readFileSync(file, 'utf8').split('\n').slice(1);
    for (const line of lines) {
      if (!line.trim()) continue;
      const [aliasLeague, name, canonical] = parseCsvLine(line);
      if (aliasLeague === league && name && canonical) aliases.set(name, canonical);
    }
  }
  aliasCache.set(key, aliases);
  return aliases;
}

/** The name the data uses for a club today (older spellings map to it; others are kept as they are). */
export function canonicalTeamName(league: string, team: string, dataDir = openfootballDataDir()): string {
  return aliasesOf(dataDir, league).get(team) ?? team;
}

function readLeague(league: string, dataDir: string): SeasonFile[] {
  const key = `${dataDir}\n${league}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const seasons = parseLeague(league, dataDir);
  cache.set(key, seasons);
  return seasons;
}

function parseLeague(league: string, dataDir: string): SeasonFile[] {
  if (!LEAGUE.test(league)) throw new Error(`not a league code: ${league}`);
  const folder = path.join(dataDir, league);
  if (!existsSync(folder)) return [];
  const aliases = aliasesOf(dataDir, league);
  const seasons: SeasonFile[] = [];
  for (const file of readdirSync(folder).sort()) {
    const season = file.replace(/\.csv$/, '');
    if (!file.endsWith('.csv') || !SEASON.test(season)) continue;
    const lines = readFileSync(path.join(folder, file), 'utf8').split('\n');
    const matches: SeasonFile['matches'] = [];
    for (const line of lines.slice(1)) {
      if (!line.trim()) continue;
      const [date, time, home, away, hg, ag] = parseCsvLine(line);
      const homeGoals = Number(hg);
      const awayGoals = Number(ag);
      if (!date || !home || !away || !Number.isInteger(homeGoals) || !Number.isInteger(awayGoals)) {
        throw new Error(`${league}/${file}: bad line ${JSON.stringify(line)}`);
      }
      matches.push({
        date,
        time: time ?? '',
        home: aliases.get(home) ?? home,
        away: aliases.get(away) ?? away,
        homeGoals,
        awayGoals,
      });
    }
    if (matches.length) seasons.push({ season, matches });
  }
  return seasons;
}

/**
 * A league's seasons as the data holds them, each match with its local kickoff time ('' when the
 * source had none) and clubs under their newest names; [] for an unknown league. Read afresh, not
 * kept: the server reads them once, for its one-time import.
 */
export function leagueSeasonFiles(league: string, dataDir = openfootballDataDir()): readonly SeasonFile[] {
  return parseLeague(league, dataDir);
}

const byDateAndTime = (a: { date: string; time: string }, b: { date: string; time: string }) =>
  a.date.localeCompare(b.date) || a.time.localeCompare(b.time);

/** Every finished match of a league, all seasons, sorted by day (and kickoff); [] for an unknown league. */
export function loadLeagueHistory(league: string, dataDir = openfootballDataDir()): FinishedMatch[] {
  return readLeague(league, dataDir)
    .flatMap((season) => season.matches)
    .sort(byDateAndTime)
    .map(({ date, home, away, homeGoals, awayGoals }) => ({ date, home, away, homeGoals, awayGoals }));
}

/** The leagues with data. */
export function availableLeagues(dataDir = openfootballDataDir()): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && LEAGUE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Every league-season with data, with its first and last match day. */
export function availableLeagueSeasons(dataDir = openfootballDataDir()): LeagueSeason[] {
  return availableLeagues(dataDir).flatMap((league) =>
    readLeague(league, dataDir).map(({ season, matches }) => {
      const days = matches.map((match) => match.date).sort();
      return { league, season, start: days[0]!, end: days.at(-1)!, matches: matches.length };
    }),
  );
}

/** A season string like '2023-24' to its dates in the data, or null when there is none. */
export function seasonRange(
  league: string,
  season: string,
  dataDir = openfootballDataDir(),
): { start: string; end: string } | null {
  const found = availableLeagueSeasons(dataDir).find(
    (entry) => entry.league === league && entry.season === season,
  );
  return found ? { start: found.start, end: found.end } : null;
}

/** League codes to names (`leagues.json`), e.g. 'en.1' -> 'English Premier League'. */
export function leagueNames(dataDir = openfootballDataDir()): Record<string, string> {
  const file = path.join(dataDir, 'leagues.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}
