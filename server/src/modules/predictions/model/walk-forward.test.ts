import { addLagosDays, lagosDaysBetween } from '@cashtips/contract/lagos-time';
import { describe, expect, it } from 'vitest';
import { type FitOptions, fitDixonColes } from './dixon-coles.ts';
import { seededRandom, simulateSeason, syntheticLeague } from './synthetic.ts';
import type { FinishedMatch } from './types.ts';
import { baseRates, walkForward } from './walk-forward.ts';

const random = seededRandom(42);
const league = syntheticLeague(12, random);
const history: FinishedMatch[] = [
  ...simulateSeason(league, '2021-08-07', random),
  ...simulateSeason(league, '2022-08-06', random),
  ...simulateSeason(league, '2023-08-05', random),
];
const season = { start: '2023-08-01', end: '2024-07-31' };

describe('walkForward', () => {
  it('fits at most once per 7 days, each fit on matches dated before the day it predicts from', () => {
    const seen: { asOf: string; latest: string; count: number }[] = [];
    const spy = (matches: readonly FinishedMatch[], options: FitOptions) => {
      const latest = matches.reduce((max, match) => (match.date > max ? match.date : max), '');
      seen.push({ asOf: options.asOf, latest, count: matches.length });
      return fitDixonColes(matches, options);
    };
    const result = walkForward(history, season, { fit: spy });
    expect(result.matches).toBe(132);
    expect(result.fits).toBe(seen.length);
    for (const fit of seen) expect(fit.latest < fit.asOf).toBe(true);
    for (let k = 1; k < seen.length; k++) {
      expect(lagosDaysBetween(seen[k - 1]!.asOf, seen[k]!.asOf)).toBeGreaterThanOrEqual(7);
    }
    for (const prediction of result.predictions) {
      const fit = seen.find((entry) => entry.asOf === prediction.fitAsOf)!;
      // The fit that predicted a match saw nothing dated on or after the match's day...
      expect(fit.latest < prediction.match.date).toBe(true);
      // ...and is at most 6 days older than it.
      expect(prediction.fitAsOf <= prediction.match.date).toBe(true);
      expect(lagosDaysBetween(prediction.fitAsOf, prediction.match.date)).toBeLessThanOrEqual(6);
    }
    // Later fits did see the season's earlier results.
    expect(seen.at(-1)!.count).toBeGreaterThan(seen[0]!.count);
  });

  it('predicts the same whatever the results dated on or after a prediction are', () => {
    const clean = walkForward(history, season);
    const cut = '2023-11-18';
    // Poison every result from the cut on: home sides now lose 0-7.
    const poisoned = history.map((match) =>
      match.date >= cut ? { ...match, homeGoals: 0, awayGoals: 7 } : match,
    );
    const dirty = walkForward(poisoned, season);
    let compared = 0;
    let changed = 0;
    clean.predictions.forEach((prediction, i) => {
      const other = dirty.predictions[i]!;
      expect(other.match.home).toBe(prediction.match.home);
      if (prediction.fitAsOf <= cut) {
        expect(other.probabilities).toEqual(prediction.probabilities);
        compared++;
      } else if (Math.abs(other.probabilities.home - prediction.probabilities.home) > 0.01) changed++;
    });
    expect(compared).toBeGreaterThan(40);
    // Later fits do read the poisoned results (so the comparison above can fail).
    expect(changed).toBeGreaterThan(20);
  });

  it('scores a model that knows the teams better than the base rates', () => {
    const result = walkForward(history, season);
    expect(result.model.rps).toBeLessThan(result.baseline.rps);
    expect(result.predictions.every((prediction) => !prediction.fallback)).toBe(true);
    const sum = (p: { home: number; draw: number; away: number }) => p.home + p.draw + p.away;
    for (const prediction of result.predictions) expect(sum(prediction.probabilities)).toBeCloseTo(1, 12);
  });

  it('predicts a constant baseline: the home/draw/away frequencies before the season', () => {
    const result = walkForward(history, season);
    expect(result.baselineProbabilities).toEqual(
      baseRates(history.filter((match) => match.date < '2023-08-01')),
    );
    const onlyLastSeason = history.filter((match) => match.date >= '2022-08-01');
    const narrower = walkForward(history, season, { baselineMatches: onlyLastSeason });
    expect(narrower.baselineProbabilities).toEqual(
      baseRates(onlyLastSeason.filter((match) => match.date < '2023-08-01')),
    );
  });

  it('takes the season as its matches too', () => {
    const matches = history.filter((match) => match.date >= season.start);
    const byList = walkForward(history, matches);
    const byRange = walkForward(history, season);
    expect(byList.model).toEqual(byRange.model);
    expect(byList.start).toBe(matches[0]!.date);
    expect(byList.end).toBe(addLagosDays(byList.start, lagosDaysBetween(byList.start, byList.end)));
  });
});
