/**
 * Scores of home/draw/away forecasts against what happened. Lower is better for RPS, log loss and
 * Brier; higher for accuracy.
 *
 * - RPS, the ranked probability score (Epstein 1969; Constantinou & Fenton 2012 for football):
 *   outcomes are ordered home < draw < away, and a forecast is charged for the squared error of its
 *   cumulative probabilities, averaged over the r - 1 = 2 thresholds:
 *   ((pH - oH)² + (pH + pD - oH - oD)²) / 2. A draw forecast near a home win costs less than an away one.
 * - Log loss: -ln p(outcome) (natural log; p floored at 1e-15).
 * - Brier (multi-class): the sum over the three outcomes of (p - o)², from 0 to 2.
 * - Accuracy: 1 when the most probable outcome (ties: home, then draw, then away) happened.
 */
export type Outcome = 'home' | 'draw' | 'away';

export interface ResultProbabilities {
  home: number;
  draw: number;
  away: number;
}

export interface Scores {
  matches: number;
  rps: number;
  logLoss: number;
  brier: number;
  accuracy: number;
}

export function outcomeOf(homeGoals: number, awayGoals: number): Outcome {
  return homeGoals > awayGoals ? 'home' : homeGoals < awayGoals ? 'away' : 'draw';
}

const indicator = (outcome: Outcome): ResultProbabilities => ({
  home: outcome === 'home' ? 1 : 0,
  draw: outcome === 'draw' ? 1 : 0,
  away: outcome === 'away' ? 1 : 0,
});

export function rankedProbabilityScore(p: ResultProbabilities, outcome: Outcome): number {
  const o = indicator(outcome);
  const first = p.home - o.home;
  const second = p.home + p.draw - o.home - o.draw;
  return (first * first + second * second) / 2;
}

export function logLoss(p: ResultProbabilities, outcome: Outcome): number {
  return -Math.log(Math.max(p[outcome], 1e-15));
}

export function brierScore(p: ResultProbabilities, outcome: Outcome): number {
  const o = indicator(outcome);
  return (p.home - o.home) ** 2 + (p.draw - o.draw) ** 2 + (p.away - o.away) ** 2;
}

export function mostLikely(p: ResultProbabilities): Outcome {
  if (p.home >= p.draw && p.home >= p.away) return 'home';
  return p.draw >= p.away ? 'draw' : 'away';
}

/** One forecast's scores (`matches` = 1). */
export function scoreOne(p: ResultProbabilities, outcome: Outcome): Scores {
  return {
    matches: 1,
    rps: rankedProbabilityScore(p, outcome),
    logLoss: logLoss(p, outcome),
    brier: brierScore(p, outcome),
    accuracy: mostLikely(p) === outcome ? 1 : 0,
  };
}

/** Averages over forecasts; all zero for none. */
export function scoreAll(
  forecasts: readonly { probabilities: ResultProbabilities; outcome: Outcome }[],
): Scores {
  const total: Scores = { matches: forecasts.length, rps: 0, logLoss: 0, brier: 0, accuracy: 0 };
  if (forecasts.length === 0) return total;
  for (const { probabilities, outcome } of forecasts) {
    const one = scoreOne(probabilities, outcome);
    total.rps += one.rps;
    total.logLoss += one.logLoss;
    total.brier += one.brier;
    total.accuracy += one.accuracy;
  }
  const n = forecasts.length;
  return {
    matches: n,
    rps: total.rps / n,
    logLoss: total.logLoss / n,
    brier: total.brier / n,
    accuracy: total.accuracy / n,
  };
}
