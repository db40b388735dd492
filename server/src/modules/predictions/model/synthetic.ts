/**
 * Synthetic leagues drawn from a known Dixon-Coles model with a seeded generator, for the tests
 * (parameter recovery, time decay) and the benchmark. Never used by the product.
 */
import { addLagosDays } from '@cashtips/contract/lagos-time';
import { scoreMatrixFromRates } from './dixon-coles.ts';
import type { FinishedMatch } from './types.ts';

/** mulberry32: a small, fast, seedable generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TrueModel {
  teams: string[];
  attack: number[];
  defence: number[];
  homeAdvantage: number;
  rho: number;
}

/** A league of `size` teams with spread-out strengths; attack sums to zero like a fitted model's. */
export function syntheticLeague(size: number, random: () => number, baseRate = 0.2): TrueModel {
  const teams = Array.from({ length: size }, (_, i) => `Team ${String.fromCharCode(65 + i)}`);
  const raw = teams.map(() => (random() - 0.5) * 0.8);
  const mean = raw.reduce((sum, value) => sum + value, 0) / size;
  const attack = raw.map((value) => value - mean);
  // Good attacks tend to come with good (low) defences, as in real leagues, plus noise.
  const defence = attack.map((a) => baseRate - 0.6 * a + (random() - 0.5) * 0.3);
  return { teams, attack, defence, homeAdvantage: 0.25, rho: -0.1 };
}

/** One score drawn from the model's score matrix. */
export function drawScore(
  model: TrueModel,
  home: number,
  away: number,
  random: () => number,
): { homeGoals: number; awayGoals: number } {
  const lambda = Math.exp(model.attack[home]! + model.defence[away]! + model.homeAdvantage);
  const nu = Math.exp(model.attack[away]! + model.defence[home]!);
  const matrix = scoreMatrixFromRates(lambda, nu, model.rho, 12);
  let u = random();
  for (let h = 0; h < matrix.length; h++) {
    const row = matrix[h]!;
    for (let a = 0; a < row.length; a++) {
      u -= row[a]!;
      if (u <= 0) return { homeGoals: h, awayGoals: a };
    }
  }
  return { homeGoals: 0, awayGoals: 0 };
}

/**
 * A double round robin (everyone hosts everyone once), one round a week from `firstDay`, scores
 * drawn from `model` (or, per round, from `modelForRound` when the strengths change over time).
 */
export function simulateSeason(
  model: TrueModel,
  firstDay: string,
  random: () => number,
  modelForRound?: (round: number) => TrueModel,
): FinishedMatch[] {
  const n = model.teams.length;
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) pairs.push([i, j]);
  // Shuffle, then deal into rounds in order: each match gets its own week-day slot.
  for (let k = pairs.length - 1; k > 0; k--) {
    const r = Math.floor(random() * (k + 1));
    [pairs[k], pairs[r]] = [pairs[r]!, pairs[k]!];
  }
  const perRound = Math.max(1, Math.floor(n / 2));
  return pairs.map(([home, away], k) => {
    const round = Math.floor(k / perRound);
    const truth = modelForRound ? modelForRound(round) : model;
    return {
      date: addLagosDays(firstDay, round * 7),
      home: model.teams[home]!,
      away: model.teams[away]!,
      ...drawScore(truth, home, away, random),
    };
  });
}
