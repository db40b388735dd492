import { describe, expect, it } from 'vitest';
import {
  brierScore,
  logLoss,
  mostLikely,
  outcomeOf,
  rankedProbabilityScore,
  scoreAll,
  scoreOne,
} from './metrics.ts';

const uniform = { home: 1 / 3, draw: 1 / 3, away: 1 / 3 };

describe('forecast scores', () => {
  it('reads the outcome from the score', () => {
    expect(outcomeOf(2, 1)).toBe('home');
    expect(outcomeOf(0, 0)).toBe('draw');
    expect(outcomeOf(1, 3)).toBe('away');
  });

  it('RPS is 0 for a sure right forecast, 1 for a sure forecast of the opposite end', () => {
    expect(rankedProbabilityScore({ home: 1, draw: 0, away: 0 }, 'home')).toBe(0);
    expect(rankedProbabilityScore({ home: 1, draw: 0, away: 0 }, 'away')).toBe(1);
    // A sure draw forecast is only half wrong when the home side wins: the outcomes are ordered.
    expect(rankedProbabilityScore({ home: 0, draw: 1, away: 0 }, 'home')).toBe(0.5);
    expect(rankedProbabilityScore(uniform, 'home')).toBeCloseTo(5 / 18, 15);
    expect(rankedProbabilityScore(uniform, 'draw')).toBeCloseTo(1 / 9, 15);
  });

  it('RPS matches a worked example (Constantinou & Fenton 2012: 0.6/0.25/0.15, home win)', () => {
    // ((0.6 - 1)^2 + (0.85 - 1)^2) / 2
    expect(rankedProbabilityScore({ home: 0.6, draw: 0.25, away: 0.15 }, 'home')).toBeCloseTo(0.09125, 12);
  });

  it('log loss and Brier', () => {
    expect(logLoss(uniform, 'away')).toBeCloseTo(Math.log(3), 15);
    expect(logLoss({ home: 1, draw: 0, away: 0 }, 'away')).toBeCloseTo(-Math.log(1e-15), 10);
    expect(brierScore(uniform, 'home')).toBeCloseTo(4 / 9 + 1 / 9 + 1 / 9, 15);
    expect(brierScore({ home: 0, draw: 0, away: 1 }, 'home')).toBe(2);
  });

  it('accuracy takes the most likely outcome, home then draw on ties', () => {
    expect(mostLikely({ home: 0.4, draw: 0.4, away: 0.2 })).toBe('home');
    expect(mostLikely({ home: 0.2, draw: 0.4, away: 0.4 })).toBe('draw');
    expect(scoreOne({ home: 0.2, draw: 0.3, away: 0.5 }, 'away').accuracy).toBe(1);
    expect(scoreOne({ home: 0.2, draw: 0.3, away: 0.5 }, 'draw').accuracy).toBe(0);
  });

  it('averages over forecasts', () => {
    const sure = { home: 1, draw: 0, away: 0 };
    const scores = scoreAll([
      { probabilities: sure, outcome: 'home' },
      { probabilities: sure, outcome: 'away' },
      { probabilities: uniform, outcome: 'draw' },
      { probabilities: uniform, outcome: 'home' },
    ]);
    expect(scores.matches).toBe(4);
    expect(scores.rps).toBeCloseTo((0 + 1 + 1 / 9 + 5 / 18) / 4, 15);
    expect(scores.brier).toBeCloseTo((0 + 2 + 6 / 9 + 6 / 9) / 4, 15);
    expect(scores.accuracy).toBe(0.5); // sure home right, sure home wrong, uniform -> home: wrong, right
    expect(scoreAll([])).toEqual({ matches: 0, rps: 0, logLoss: 0, brier: 0, accuracy: 0 });
  });
});
