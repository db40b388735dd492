/**
 * The match model's vocabulary (issue 16): pure data, no database. The fit, the score matrix and
 * the markets read from it live beside this file; the product (import, fit job, suggestions) and
 * the evaluation command only use these shapes.
 */

/** A finished match as the model sees it. `date` is the kickoff's Lagos day (YYYY-MM-DD). */
export interface FinishedMatch {
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

/** A fitted time-weighted Dixon-Coles model for one league. */
export interface FittedModel {
  /** Team names as given to the fit; `attack[i]` and `defence[i]` belong to `teams[i]`. */
  teams: string[];
  attack: number[];
  defence: number[];
  /** Log home advantage: the home side's expected goals are multiplied by exp(homeAdvantage). */
  homeAdvantage: number;
  /** Dixon-Coles low-score correction. */
  rho: number;
  /** Time decay per day used for the fit's weights, exp(-xi * days before asOf). */
  xi: number;
  /** The fit used only matches dated strictly before this day (YYYY-MM-DD). */
  asOf: string;
  /** Matches that went into the fit. */
  matches: number;
  logLikelihood: number;
  iterations: number;
  /**
   * Parameters for a team the fit never saw (newly promoted or qualified): the level the league's
   * recent newcomers had, estimated with the fit. Absent in models made before it existed; without
   * it a team unknown to the model gets no prediction.
   */
  newTeam?: { attack: number; defence: number };
}

/** `matrix[h][a]`: probability of the final score h–a, h and a from 0 to maxGoals; sums to 1. */
export type ScoreMatrix = number[][];

export interface MarketProbabilities {
  expectedGoals: { home: number; away: number };
  result: { home: number; draw: number; away: number };
  doubleChance: { '1X': number; X2: number; '12': number };
  /** Conditional on a winner: the stake comes back on a draw. */
  drawNoBet: { home: number; away: number };
  /** Lines 0.5, 1.5, 2.5, 3.5, 4.5. */
  totals: { line: number; over: number; under: number }[];
  btts: { yes: number; no: number };
  /** The five likeliest final scores, most likely first. */
  likeliestScores: { home: number; away: number; probability: number }[];
}

/**
 * One pick an admin can post: `prediction` is text the product's market reader (contract
 * `parseMarket`) recognises, so a posted pick settles itself from the score; `fairOdds` = 1/p.
 */
export interface ModelPick {
  market: 'result' | 'double-chance' | 'draw-no-bet' | 'total' | 'btts';
  label: string;
  prediction: string;
  probability: number;
  fairOdds: number;
}
