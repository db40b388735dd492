import { describe, expect, it } from 'vitest';
import { clubLikeness, clubWords, SAME_CLUB, sameLeague } from './club-names.ts';

describe("a registered club and a provider's name for it", () => {
  it('are one club whatever the company form, year, accents, short form or alias', () => {
    const pairs: [string, string][] = [
      ['Bologna FC 1909', 'Bologna'],
      ['ACF Fiorentina', 'Fiorentina'],
      ['ACF Fiorentina', 'FIO'],
      ['FC Internazionale Milano', 'Inter'],
      ['Internazionale', 'Inter'],
      ['Man Utd', 'Manchester United'],
      ['Man United', 'Manchester United'],
      ['Spurs', 'Tottenham Hotspur'],
      ['Atlético de Madrid', 'Atletico Madrid'],
      ['FC Schalke 04', 'Schalke'],
      ['1. FC Köln', 'Koln'],
      ['Wolverhampton Wanderers FC', 'Wolverhampton'],
      ['Enyimba International FC', 'Enyimba'],
      ['Newcastle Utd', 'Newcastle United'],
      ['Paris Saint-Germain FC', 'Paris Saint Germain'],
    ];
    for (const [registered, provider] of pairs)
      expect(clubLikeness(registered, provider), `${registered} / ${provider}`).toBeGreaterThanOrEqual(
        SAME_CLUB,
      );
  });

  it('are different clubs when a word they share is not what tells them apart', () => {
    const pairs: [string, string][] = [
      ['Manchester United', 'Manchester City'],
      ['Real Madrid', 'Real Sociedad'],
      ['Atletico Madrid', 'Real Madrid'],
      ['Leeds United', 'Newcastle United'],
      ['Inter', 'AC Milan'],
      ['Sheffield United', 'Sheffield Wednesday'],
      ['Bologna', 'Bolton Wanderers'],
      ['Chelsea', 'Arsenal'],
    ];
    for (const [registered, provider] of pairs)
      expect(clubLikeness(registered, provider), `${registered} / ${provider}`).toBeLessThan(SAME_CLUB);
  });

  it('keeps the words that tell clubs apart', () => {
    expect(clubWords('ACF Fiorentina')).toEqual(['fiorentina']);
    expect(clubWords('Bologna FC 1909')).toEqual(['bologna']);
    expect(clubWords('Real Betis Balompié')).toEqual(['real', 'betis', 'balompie']);
  });
});

describe('league names', () => {
  it('match with a country in front or in another case, never across numbers', () => {
    expect(sameLeague('Premier League', 'English Premier League')).toBe(true);
    expect(sameLeague('Serie A', 'Italy Serie A')).toBe(true);
    expect(sameLeague('LIGUE 1', 'Ligue 1')).toBe(true);
    expect(sameLeague('Ligue 1', 'Ligue 2')).toBe(false);
    expect(sameLeague('Serie A', 'Premier League')).toBe(false);
  });
});
