import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  availableLeagueSeasons,
  canonicalTeamName,
  leagueNames,
  loadLeagueHistory,
  parseCsvLine,
  seasonRange,
} from './data.ts';

const fixtureDir = fileURLToPath(new URL('./fixtures/openfootball', import.meta.url));

describe('bundled results data', () => {
  it('has every league-season of the seven competitions', () => {
    const seasons = availableLeagueSeasons();
    const leagues = [...new Set(seasons.map((entry) => entry.league))];
    expect(leagues).toEqual(['de.1', 'en.1', 'en.2', 'es.1', 'fr.1', 'it.1', 'uefa.cl']);
    expect(seasons.find((entry) => entry.league === 'en.1' && entry.season === '2023-24')).toEqual({
      league: 'en.1',
      season: '2023-24',
      start: '2023-08-11',
      end: '2024-05-19',
      matches: 380,
    });
    expect(seasonRange('en.1', '2023-24')).toEqual({ start: '2023-08-11', end: '2024-05-19' });
    expect(seasonRange('en.1', '1999-00')).toBeNull();
    expect(leagueNames()['en.1']).toBe('English Premier League');
  });

  it('loads a league sorted by day, one name per club across its renamings', () => {
    const history = loadLeagueHistory('en.1');
    expect(history.length).toBeGreaterThan(5000);
    for (let k = 1; k < history.length; k++) expect(history[k - 1]!.date <= history[k]!.date).toBe(true);
    // The first match of 2010-11 (12:45), under the clubs' names of today.
    expect(history[0]).toEqual({
      date: '2010-08-14',
      home: 'Tottenham Hotspur FC',
      away: 'Manchester City FC',
      homeGoals: 0,
      awayGoals: 0,
    });
    const names = new Set(history.flatMap((match) => [match.home, match.away]));
    expect(names.has('Manchester City FC')).toBe(true);
    expect(names.has('Manchester City')).toBe(false);
    expect(canonicalTeamName('en.1', 'Manchester City')).toBe('Manchester City FC');
    expect(canonicalTeamName('en.1', 'Arsenal FC')).toBe('Arsenal FC');
    // Every club of 2023-24 that played in 2019-20 is found there under its 2023-24 name.
    const of = (from: string, to: string) =>
      new Set(
        history.filter((match) => match.date >= from && match.date <= to).flatMap((match) => [match.home]),
      );
    const recent = of('2023-08-01', '2024-06-30');
    const older = of('2019-08-01', '2020-08-30');
    expect([...recent].filter((team) => older.has(team))).toHaveLength(16);
  });

  it('answers no matches for a league it does not have', () => {
    expect(loadLeagueHistory('zz.9')).toEqual([]);
  });

  it('reads another data folder in the same form', () => {
    const history = loadLeagueHistory('xx.1', fixtureDir);
    expect(history).toHaveLength(90);
    expect(history.some((match) => match.home === 'Team F old')).toBe(false);
    expect(availableLeagueSeasons(fixtureDir).map((entry) => entry.season)).toEqual([
      '2020-21',
      '2021-22',
      '2022-23',
    ]);
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsvLine('2024-01-01,,"Club, The","Say ""Hi"" FC",1,0')).toEqual([
      '2024-01-01',
      '',
      'Club, The',
      'Say "Hi" FC',
      '1',
      '0',
    ]);
    expect(parseCsvLine('a,b,')).toEqual(['a', 'b', '']);
  });
});
