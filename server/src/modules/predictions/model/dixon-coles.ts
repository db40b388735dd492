/**
 * Time-weighted Dixon-Coles (Dixon & Coles 1997, "Modelling association football scores and
 * inefficiencies in the football betting market"): home goals ~ Poisson(exp(attack_h + defence_a +
 * homeAdvantage)), away goals ~ Poisson(exp(attack_a + defence_h)), the four low scores reweighted
 * by τ(ρ), each match weighted exp(-ξ · days before the fit day). Maximum likelihood by L-BFGS on
 * the analytic gradient. Decisions and their reasons: docs/decisions/013-match-model.md.
 *
 * Internally a team's log rates are μ + a_i + d_j (+ h at home) with a small L2 penalty on every
 * a_i and d_i, which identifies the model (the penalty fixes the free shift between μ and the
 * team terms) and shrinks teams with little data. Teams that moved between divisions recently
 * (promoted or qualified, relegated or absent) are shrunk towards the newcomers' own level (δ),
 * estimated with the fit, instead of towards the average; a team the fit never saw gets that
 * level. The reported model folds μ into `defence` and centres `attack` on zero.
 */
import { minimizeLbfgs } from './lbfgs.ts';
import type { FinishedMatch, FittedModel, ScoreMatrix } from './types.ts';

/**
 * Time decay per day, exp(-ξ·days): a half-life of ln 2 / ξ ≈ 347 days. Chosen with the ridge by a
 * grid search on the walk-forward RPS of the 2015-16 to 2019-20 seasons of the six domestic leagues
 * only (the seasons in the README are later; the Champions League took no part); see `tune.ts` and
 * docs/decisions/013-match-model.md.
 */
export const DEFAULT_XI = 0.002;
/** L2 penalty on each team's attack and defence, in weighted matches (see `tune.ts`). */
export const DEFAULT_RIDGE = 8;
/** Matches older than this many days before the fit day are left out (their weight is < 1 %). */
export const DEFAULT_WINDOW_DAYS = 2500;
/**
 * A team counts as entering (promoted, qualified) when the league played at least this many
 * matches without it before its match, or before its first one in the data: a season's absence in
 * any of our leagues, never a summer or winter break (those hold no league matches).
 */
export const NEWCOMER_GAP_MATCHES = 100;
/** Where the newcomers' level is pulled when there are few of them (log scale, about -20 % / +20 %). */
const NEWCOMER_PRIOR = { attack: -0.2, defence: 0.2 };

export interface FitOptions {
  /** Only matches dated strictly before this day (YYYY-MM-DD) are used. */
  asOf: string;
  xi?: number;
  /** A previous fit of the same league to start from (the walk-forward passes last week's). */
  initial?: FittedModel;
  maxIterations?: number;
  ridge?: number;
  windowDays?: number;
  /** League matches a team must miss to count as entering (NEWCOMER_GAP_MATCHES). */
  newcomerGap?: number;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function dayNumber(day: string): number {
  if (!DAY_PATTERN.test(day)) throw new Error(`not a day (YYYY-MM-DD): ${day}`);
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) throw new Error(`not a day (YYYY-MM-DD): ${day}`);
  return Math.round(time / DAY_MS);
}

/** The data of one fit, in the arrays the objective runs over. */
export interface FitProblem {
  teams: string[];
  home: Int32Array;
  away: Int32Array;
  homeGoals: Int32Array;
  awayGoals: Int32Array;
  weight: Float64Array;
  /** 1 for teams shrunk towards the newcomers' level. */
  newcomer: Uint8Array;
  ridge: number;
  totalWeight: number;
}

/** Parameter layout: attack[0..n), defence[n..2n), then μ, home, ρ, newcomer attack, newcomer defence. */
const MU = 0;
const HOME = 1;
const RHO = 2;
const NEW_ATTACK = 3;
const NEW_DEFENCE = 4;

/**
 * Builds the fit's data from matches before `asOf`: teams, weights and which teams moved between
 * divisions. Exported for tests (the gradient check) and for the walk-forward's bookkeeping.
 */
export function prepareFit(
  matches: readonly FinishedMatch[],
  options: { asOf: string; xi: number; ridge: number; windowDays: number; newcomerGap?: number },
): FitProblem {
  const gapMatches = options.newcomerGap ?? NEWCOMER_GAP_MATCHES;
  const asOfDay = dayNumber(options.asOf);
  // The rule "before asOf" is enforced here, whatever the caller passed.
  const before = matches
    .filter((match) => match.date < options.asOf)
    .map((match) => ({ match, day: dayNumber(match.date) }))
    .filter(({ day }) => day < asOfDay)
    .sort((a, b) => a.day - b.day);

  // Entries: a team's first match after the league played NEWCOMER_GAP_MATCHES without it.
  const lastIndex = new Map<string, number>();
  const entryDay = new Map<string, number>();
  before.forEach(({ match, day }, index) => {
    for (const team of [match.home, match.away]) {
      const last = lastIndex.get(team);
      const gap = last === undefined ? index : index - last - 1;
      if (gap >= gapMatches) entryDay.set(team, day);
      lastIndex.set(team, index);
    }
  });

  const windowStart = asOfDay - options.windowDays;
  const used = before.filter(({ day }) => day >= windowStart);
  const teamIndex = new Map<string, number>();
  for (const { match } of used) {
    for (const team of [match.home, match.away]) {
      if (!teamIndex.has(team)) teamIndex.set(team, teamIndex.size);
    }
  }
  const teams = [...teamIndex.keys()];
  const newcomer = new Uint8Array(teams.length);
  teams.forEach((team, i) => {
    const entered = entryDay.get(team);
    const absentFor = before.length - (lastIndex.get(team) ?? 0) - 1;
    if ((entered !== undefined && entered >= windowStart) || absentFor >= gapMatches) newcomer[i] = 1;
  });

  const count = used.length;
  const problem: FitProblem = {
    teams,
    home: new Int32Array(count),
    away: new Int32Array(count),
    homeGoals: new Int32Array(count),
    awayGoals: new Int32Array(count),
    weight: new Float64Array(count),
    newcomer,
    ridge: options.ridge,
    totalWeight: 0,
  };
  used.forEach(({ match, day }, k) => {
    problem.home[k] = teamIndex.get(match.home)!;
    problem.away[k] = teamIndex.get(match.away)!;
    problem.homeGoals[k] = match.homeGoals;
    problem.awayGoals[k] = match.awayGoals;
    const w = Math.exp(-options.xi * (asOfDay - day));
    problem.weight[k] = w;
    problem.totalWeight += w;
  });
  return problem;
}

/**
 * The penalised, weighted negative log-likelihood per unit of weight (constants log x! left out)
 * at parameters `x`, its gradient written into `gradient`. Infinity where τ ≤ 0 (ρ outside what
 * the data's low scores allow). Exported for the gradient test.
 */
export function dixonColesObjective(problem: FitProblem, x: Float64Array, gradient: Float64Array): number {
  const n = problem.teams.length;
  const base = 2 * n;
  const mu = x[base + MU]!;
  const home = x[base + HOME]!;
  const rho = x[base + RHO]!;
  gradient.fill(0);
  let value = 0;
  const count = problem.weight.length;
  for (let k = 0; k < count; k++) {
    const i = problem.home[k]!;
    const j = problem.away[k]!;
    const hg = problem.homeGoals[k]!;
    const ag = problem.awayGoals[k]!;
    const w = problem.weight[k]!;
    const etaHome = mu + home + x[i]! + x[n + j]!;
    const etaAway = mu + x[j]! + x[n + i]!;
    const lambda = Math.exp(etaHome);
    const nu = Math.exp(etaAway);
    let logLik = hg * etaHome - lambda + ag * etaAway - nu;
    let dHome = hg - lambda;
    let dAway = ag - nu;
    let dRho = 0;
    if (hg < 2 && ag < 2) {
      if (hg === 0 && ag === 0) {
        const tau = 1 - lambda * nu * rho;
        if (!(tau > 0)) return Number.POSITIVE_INFINITY;
        logLik += Math.log(tau);
        const q = (lambda * nu) / tau;
        dHome -= rho * q;
        dAway -= rho * q;
        dRho = -q;
      } else if (hg === 0) {
        const tau = 1 + lambda * rho;
        if (!(tau > 0)) return Number.POSITIVE_INFINITY;
        logLik += Math.log(tau);
        dHome += (lambda * rho) / tau;
        dRho = lambda / tau;
      } else if (ag === 0) {
        const tau = 1 + nu * rho;
        if (!(tau > 0)) return Number.POSITIVE_INFINITY;
        logLik += Math.log(tau);
        dAway += (nu * rho) / tau;
        dRho = nu / tau;
      } else {
        const tau = 1 - rho;
        if (!(tau > 0)) return Number.POSITIVE_INFINITY;
        logLik += Math.log(tau);
        dRho = -1 / tau;
      }
    }
    value -= w * logLik;
    gradient[i] = gradient[i]! - w * dHome;
    gradient[n + j] = gradient[n + j]! - w * dHome;
    gradient[j] = gradient[j]! - w * dAway;
    gradient[n + i] = gradient[n + i]! - w * dAway;
    gradient[base + MU] = gradient[base + MU]! - w * (dHome + dAway);
    gradient[base + HOME] = gradient[base + HOME]! - w * dHome;
    gradient[base + RHO] = gradient[base + RHO]! - w * dRho;
  }

  const ridge = problem.ridge;
  const newAttack = x[base + NEW_ATTACK]!;
  const newDefence = x[base + NEW_DEFENCE]!;
  for (let i = 0; i < n; i++) {
    const isNew = problem.newcomer[i] === 1;
    const da = x[i]! - (isNew ? newAttack : 0);
    const dd = x[n + i]! - (isNew ? newDefence : 0);
    value += 0.5 * ridge * (da * da + dd * dd);
    gradient[i] = gradient[i]! + ridge * da;
    gradient[n + i] = gradient[n + i]! + ridge * dd;
    if (isNew) {
      gradient[base + NEW_ATTACK] = gradient[base + NEW_ATTACK]! - ridge * da;
      gradient[base + NEW_DEFENCE] = gradient[base + NEW_DEFENCE]! - ridge * dd;
    }
  }
  // The newcomers' level itself is pulled, as by one more team, towards a below-average prior.
  const pa = newAttack - NEWCOMER_PRIOR.attack;
  const pd = newDefence - NEWCOMER_PRIOR.defence;
  value += 0.5 * ridge * (pa * pa + pd * pd);
  gradient[base + NEW_ATTACK] = gradient[base + NEW_ATTACK]! + ridge * pa;
  gradient[base + NEW_DEFENCE] = gradient[base + NEW_DEFENCE]! + ridge * pd;

  const scale = 1 / Math.max(problem.totalWeight, 1e-9);
  for (let p = 0; p < gradient.length; p++) gradient[p] = gradient[p]! * scale;
  return value * scale;
}

const LOG_FACTORIAL = Array.from({ length: 40 }, (_, k) => {
  let sum = 0;
  for (let i = 2; i <= k; i++) sum += Math.log(i);
  return sum;
});
const logFactorial = (k: number) => LOG_FACTORIAL[k] ?? LOG_FACTORIAL[39]! + (k - 39) * Math.log(k);

/** The weighted log-likelihood (with its constants, without the penalty). */
function weightedLogLikelihood(problem: FitProblem, x: Float64Array): number {
  const gradient = new Float64Array(x.length);
  const penaltyFree: FitProblem = { ...problem, ridge: 0, totalWeight: 1 };
  let constants = 0;
  for (let k = 0; k < problem.weight.length; k++) {
    constants +=
      problem.weight[k]! * (logFactorial(problem.homeGoals[k]!) + logFactorial(problem.awayGoals[k]!));
  }
  return -dixonColesObjective(penaltyFree, x, gradient) - constants;
}

/**
 * Moves x along the two directions the likelihood cannot see (every attack and the newcomers' attack
 * up by c with μ down by c; the same for defence) to where the penalty is least. Reported models
 * centre attack on zero, so a warm start placed from one is off along these directions, which the
 * penalty alone pins only weakly: this puts it back in closed form.
 */
function settleShifts(problem: FitProblem, x: Float64Array): void {
  const n = problem.teams.length;
  const base = 2 * n;
  let established = 0;
  let attackSum = 0;
  let defenceSum = 0;
  for (let i = 0; i < n; i++) {
    if (problem.newcomer[i] === 1) continue;
    established++;
    attackSum += x[i]!;
    defenceSum += x[n + i]!;
  }
  const c = -(attackSum + x[base + NEW_ATTACK]! - NEWCOMER_PRIOR.attack) / (established + 1);
  const e = -(defenceSum + x[base + NEW_DEFENCE]! - NEWCOMER_PRIOR.defence) / (established + 1);
  for (let i = 0; i < n; i++) {
    x[i] = x[i]! + c;
    x[n + i] = x[n + i]! + e;
  }
  x[base + NEW_ATTACK] = x[base + NEW_ATTACK]! + c;
  x[base + NEW_DEFENCE] = x[base + NEW_DEFENCE]! + e;
  x[base + MU] = x[base + MU]! - c - e;
}

/** A starting point: the previous fit's parameters where it knew the team, the league's averages else. */
function startingPoint(problem: FitProblem, initial: FittedModel | undefined): Float64Array {
  const n = problem.teams.length;
  const base = 2 * n;
  const x = new Float64Array(base + 5);
  if (initial && initial.teams.length > 0) {
    const mu = initial.defence.reduce((sum, d) => sum + d, 0) / initial.defence.length;
    const known = new Map(initial.teams.map((team, i) => [team, i]));
    const newAttack = initial.newTeam?.attack ?? NEWCOMER_PRIOR.attack;
    const newDefence = (initial.newTeam?.defence ?? mu + NEWCOMER_PRIOR.defence) - mu;
    x[base + MU] = mu;
    x[base + HOME] = initial.homeAdvantage;
    x[base + RHO] = initial.rho;
    x[base + NEW_ATTACK] = newAttack;
    x[base + NEW_DEFENCE] = newDefence;
    problem.teams.forEach((team, i) => {
      const k = known.get(team);
      const isNew = problem.newcomer[i] === 1;
      x[i] = k === undefined ? (isNew ? newAttack : 0) : initial.attack[k]!;
      x[n + i] = k === undefined ? (isNew ? newDefence : 0) : initial.defence[k]! - mu;
    });
    settleShifts(problem, x);
    // ρ must start inside the region where every τ > 0.
    if (!Number.isFinite(dixonColesObjective(problem, x, new Float64Array(x.length)))) x[base + RHO] = 0;
    return x;
  }
  let homeGoals = 0;
  let awayGoals = 0;
  for (let k = 0; k < problem.weight.length; k++) {
    homeGoals += problem.weight[k]! * problem.homeGoals[k]!;
    awayGoals += problem.weight[k]! * problem.awayGoals[k]!;
  }
  const total = Math.max(problem.totalWeight, 1e-9);
  const homeRate = Math.max(homeGoals / total, 0.1);
  const awayRate = Math.max(awayGoals / total, 0.1);
  x[base + MU] = Math.log(awayRate);
  x[base + HOME] = Math.log(homeRate / awayRate);
  x[base + RHO] = 0;
  x[base + NEW_ATTACK] = NEWCOMER_PRIOR.attack;
  x[base + NEW_DEFENCE] = NEWCOMER_PRIOR.defence;
  for (let i = 0; i < n; i++) {
    if (problem.newcomer[i] === 1) {
      x[i] = NEWCOMER_PRIOR.attack;
      x[n + i] = NEWCOMER_PRIOR.defence;
    }
  }
  return x;
}

/** Reported form: attack centred on zero, μ folded into defence (the same rates). */
function toModel(
  problem: FitProblem,
  x: Float64Array,
  meta: { asOf: string; xi: number; iterations: number; logLikelihood: number },
): FittedModel {
  const n = problem.teams.length;
  const base = 2 * n;
  let meanAttack = 0;
  for (let i = 0; i < n; i++) meanAttack += x[i]!;
  meanAttack = n > 0 ? meanAttack / n : 0;
  const mu = x[base + MU]!;
  return {
    teams: [...problem.teams],
    attack: Array.from({ length: n }, (_, i) => x[i]! - meanAttack),
    defence: Array.from({ length: n }, (_, i) => x[n + i]! + mu + meanAttack),
    homeAdvantage: x[base + HOME]!,
    rho: x[base + RHO]!,
    xi: meta.xi,
    asOf: meta.asOf,
    matches: problem.weight.length,
    logLikelihood: meta.logLikelihood,
    iterations: meta.iterations,
    newTeam: {
      attack: x[base + NEW_ATTACK]! - meanAttack,
      defence: x[base + NEW_DEFENCE]! + mu + meanAttack,
    },
  };
}

/**
 * Fits the model on the matches dated strictly before `options.asOf` (later ones are ignored,
 * whatever the caller passed). With no usable match it answers a neutral model with no teams.
 */
export function fitDixonColes(matches: readonly FinishedMatch[], options: FitOptions): FittedModel {
  const xi = options.xi ?? DEFAULT_XI;
  const problem = prepareFit(matches, {
    asOf: options.asOf,
    xi,
    ridge: options.ridge ?? DEFAULT_RIDGE,
    windowDays: options.windowDays ?? DEFAULT_WINDOW_DAYS,
    newcomerGap: options.newcomerGap,
  });
  const start = startingPoint(problem, options.initial);
  if (problem.weight.length === 0) {
    return toModel(problem, start, { asOf: options.asOf, xi, iterations: 0, logLikelihood: 0 });
  }
  const result = minimizeLbfgs((x, gradient) => dixonColesObjective(problem, x, gradient), start, {
    maxIterations: options.maxIterations ?? 500,
    gradientTolerance: 1e-7,
    relativeTolerance: 1e-12,
  });
  return toModel(problem, result.x, {
    asOf: options.asOf,
    xi,
    iterations: result.iterations,
    logLikelihood: weightedLogLikelihood(problem, result.x),
  });
}

const indexCache = new WeakMap<FittedModel, Map<string, number>>();
function teamParameters(model: FittedModel, team: string): { attack: number; defence: number } | null {
  let index = indexCache.get(model);
  if (!index) {
    index = new Map(model.teams.map((name, i) => [name, i]));
    indexCache.set(model, index);
  }
  const i = index.get(team);
  if (i !== undefined) return { attack: model.attack[i]!, defence: model.defence[i]! };
  return model.newTeam ?? null;
}

/** Expected goals of each side, or null when a team is unknown and the model has no new-team level. */
export function expectedGoals(
  model: FittedModel,
  home: string,
  away: string,
): { home: number; away: number } | null {
  const h = teamParameters(model, home);
  const a = teamParameters(model, away);
  if (!h || !a) return null;
  return {
    home: Math.exp(h.attack + a.defence + model.homeAdvantage),
    away: Math.exp(a.attack + h.defence),
  };
}

/** The Dixon-Coles score matrix for given rates: Poisson × Poisson × τ, cut at maxGoals, summing to 1. */
export function scoreMatrixFromRates(lambda: number, nu: number, rho: number, maxGoals = 10): ScoreMatrix {
  const poisson = (rate: number) => {
    const p = new Array<number>(maxGoals + 1);
    p[0] = Math.exp(-rate);
    for (let k = 1; k <= maxGoals; k++) p[k] = (p[k - 1]! * rate) / k;
    return p;
  };
  const ph = poisson(lambda);
  const pa = poisson(nu);
  const matrix: ScoreMatrix = [];
  let total = 0;
  for (let h = 0; h <= maxGoals; h++) {
    const row = new Array<number>(maxGoals + 1);
    for (let a = 0; a <= maxGoals; a++) {
      let tau = 1;
      if (h === 0 && a === 0) tau = 1 - lambda * nu * rho;
      else if (h === 0 && a === 1) tau = 1 + lambda * rho;
      else if (h === 1 && a === 0) tau = 1 + nu * rho;
      else if (h === 1 && a === 1) tau = 1 - rho;
      const cell = Math.max(0, ph[h]! * pa[a]! * tau);
      row[a] = cell;
      total += cell;
    }
    matrix.push(row);
  }
  for (const row of matrix) for (let a = 0; a < row.length; a++) row[a] = row[a]! / total;
  return matrix;
}

/**
 * `matrix[h][a]`, the probability of the final score h-a. A team the fit never saw gets the model's
 * new-team level; null only when the model has none (a model stored before it existed).
 */
export function scoreMatrix(
  model: FittedModel,
  home: string,
  away: string,
  maxGoals = 10,
): ScoreMatrix | null {
  const rates = expectedGoals(model, home, away);
  if (!rates) return null;
  return scoreMatrixFromRates(rates.home, rates.away, model.rho, maxGoals);
}
