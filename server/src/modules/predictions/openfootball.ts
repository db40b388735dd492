import { readFileSync } from 'node:fs';
import path from 'node:path';
import { modelLeagues } from '@cashtips/contract/predictions';

/**
 * Reading results in openfootball's JSON format (`{ name, matches: [{ round, date, time, team1, team2,
 * score: { ft: [h, a] } }] }`, one file per league and season, `2023-24/en.1.json`) into matches the
 * registry can import. Times in the files are the league's local wall-clock time.
 */

/** A finished match ready for the registry. */
export interface ImportMatch {
  /** The league as the product names it ('Premier League'). */
  league: string;
  /** '2023-24', or null when unknown. */
  season: string | null;
  kickoff: Date;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

const SEASON = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;
/** A match without a time is put at 15:00 local, football's traditional kickoff. */
const DEFAULT_CLOCK = '15:00';

/** Where each league's published kickoff times are local (the Champions League publishes CET). */
const leagueTimeZones: Record<string, string> = {
  'en.1': 'Europe/London',
  'en.2': 'Europe/London',
  'de.1': 'Europe/Berlin',
  'es.1': 'Europe/Madrid',
  'it.1': 'Europe/Rome',
  'fr.1': 'Europe/Paris',
  'uefa.cl': 'Europe/Berlin',
};

export function timeZoneOf(leagueKey: string): string {
  return leagueTimeZones[leagueKey] ?? (leagueKey.startsWith('en.') ? 'Europe/London' : 'Europe/Berlin');
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock date and time in a zone as an instant (daylight saving included). */
export function zonedTime(day: string, clock: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${CLOCK.test(clock) ? clock : DEFAULT_CLOCK}:00Z`);
  // The offset at the wall time read as UTC is right except within hours of a change; one more
  // step with the offset at the first guess settles it.
  const first = wall - zoneOffsetMs(timeZone, wall);
  return new Date(wall - zoneOffsetMs(timeZone, first));
}

/** The season a match date belongs to: July starts a new one. */
export function seasonOfDay(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The product's name for a league key, or the file's own name without its season. */
export function leagueNameOf(leagueKey: string, documentName: string | undefined): string {
  const known = modelLeagues.find((league) => league.key === leagueKey);
  if (known) return known.name;
  const named = (documentName ?? '').replace(/\s*\d{4}(?:\/\d{2,4})?\s*$/, '').trim();
  return named || leagueKey;
}

interface OpenfootballMatch {
  date?: unknown;
  time?: unknown;
  team1?: unknown;
  team2?: unknown;
  score?: { ft?: unknown } | null;
  status?: unknown;
}

interface OpenfootballDocument {
  name?: unknown;
  matches?: OpenfootballMatch[];
  rounds?: { matches?: OpenfootballMatch[] }[];
}

export class ImportFileError extends Error {}

/**
 * The finished matches of one openfootball document. `file` gives the league (its name, `en.1.json`)
 * and the season (its folder, `2023-24/`, else the document's name, 'English Premier League
 * 2023/24', else each match's date). Matches without a full-time score, and those awarded rather
 * than played, are left out.
 */
export function readOpenfootballDocument(file: string, document: unknown): ImportMatch[] {
  if (typeof document !== 'object' || document === null)
    throw new ImportFileError(`${file}: not a JSON object`);
  const doc = document as OpenfootballDocument;
  const list = Array.isArray(doc.matches)
    ? doc.matches
    : Array.isArray(doc.rounds)
      ? doc.rounds.flatMap((round) => (Array.isArray(round.matches) ? round.matches : []))
      : undefined;
  if (!list) throw new ImportFileError(`${file}: no "matches" (or "rounds") array`);
  const leagueKey = path.basename(file).replace(/\.json$/i, '');
  const name = typeof doc.name === 'string' ? doc.name : undefined;
  const folder = path.basename(path.dirname(file));
  const named = /(\d{4})\/(\d{2})\b/.exec(name ?? '');
  const season = SEASON.test(folder) ? folder : named ? `${named[1]}-${named[2]}` : null;
  const league = leagueNameOf(leagueKey, name);
  const timeZone = timeZoneOf(leagueKey);
  const found: ImportMatch[] = [];
  for (const match of list) {
    const ft = match.score?.ft;
    if (!Array.isArray(ft) || ft.length !== 2) continue;
    if (match.status === 'awarded' || match.status === 'cancelled' || match.status === 'postponed') continue;
    const [homeGoals, awayGoals] = ft as unknown[];
    if (
      typeof homeGoals !== 'number' ||
      typeof awayGoals !== 'number' ||
      !Number.isInteger(homeGoals) ||
      !Number.isInteger(awayGoals) ||
      homeGoals < 0 ||
      awayGoals < 0 ||
      homeGoals > 99 ||
      awayGoals > 99
    )
      continue;
    const date = typeof match.date === 'string' ? match.date : '';
    if (!DAY.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) continue;
    const home = typeof match.team1 === 'string' ? match.team1.trim() : '';
    const away = typeof match.team2 === 'string' ? match.team2.trim() : '';
    if (!home || !away || home.length > 80 || away.length > 80 || home === away) continue;
    found.push({
      league,
      season: season ?? seasonOfDay(date),
      kickoff: zonedTime(date, typeof match.time === 'string' ? match.time : '', timeZone),
      home,
      away,
      homeGoals,
      awayGoals,
    });
  }
  return found;
}

export function readOpenfootballFile(file: string): ImportMatch[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ImportFileError(`${file}: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`${file}: not JSON (${(error as Error).message})`);
  }
  return readOpenfootballDocument(file, document);
}
