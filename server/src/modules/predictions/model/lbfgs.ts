/**
 * Limited-memory BFGS with a strong-Wolfe line search (Nocedal & Wright, Numerical Optimization,
 * 2nd ed.: algorithms 7.4-7.5 for the two-loop recursion, 3.5-3.6 for the line search). Written
 * here rather than taken from npm: the JavaScript optimisers on the registry either lack a
 * quasi-Newton method (fmin: Nelder-Mead, CG) or are unmaintained and untyped (optimization-js,
 * numeric); see docs/decisions/013-match-model.md.
 *
 * The objective writes its gradient into the array it is given and returns its value; it may
 * return Infinity (or NaN) outside its domain, which the line search treats as "step too long".
 */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

export interface LbfgsOptions {
  /** Most iterations (each one line search). */
  maxIterations?: number;
  /** Correction pairs kept. */
  memory?: number;
  /** Stop when the largest gradient component is at most this. */
  gradientTolerance?: number;
  /** Stop when an iteration lowers the value by at most this share of it. */
  relativeTolerance?: number;
}

export interface LbfgsResult {
  x: Float64Array;
  value: number;
  gradient: Float64Array;
  iterations: number;
  evaluations: number;
  converged: boolean;
  reason: 'gradient' | 'value' | 'max-iterations' | 'line-search';
}

const C1 = 1e-4;
const C2 = 0.9;
const MAX_LINE_SEARCH = 30;

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function maxAbs(a: Float64Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]!));
  return max;
}

interface Trial {
  step: number;
  value: number;
  slope: number;
  x: Float64Array;
  gradient: Float64Array;
}

/** The minimiser of the cubic through two points with values and slopes, or NaN. */
function cubicMinimum(a: Trial, b: Trial): number {
  const d1 = a.slope + b.slope - (3 * (a.value - b.value)) / (a.step - b.step);
  const square = d1 * d1 - a.slope * b.slope;
  if (!(square >= 0)) return Number.NaN;
  const d2 = Math.sign(b.step - a.step) * Math.sqrt(square);
  return b.step - (b.step - a.step) * ((b.slope + d2 - d1) / (b.slope - a.slope + 2 * d2));
}

export function minimizeLbfgs(
  objective: Objective,
  start: ArrayLike<number>,
  options: LbfgsOptions = {},
): LbfgsResult {
  const maxIterations = options.maxIterations ?? 500;
  const memory = options.memory ?? 10;
  const gradientTolerance = options.gradientTolerance ?? 1e-6;
  const relativeTolerance = options.relativeTolerance ?? 1e-12;
  const n = start.length;

  let evaluations = 0;
  const evaluate = (x: Float64Array, gradient: Float64Array) => {
    evaluations++;
    return objective(x, gradient);
  };

  let x: Float64Array = Float64Array.from(start);
  let gradient: Float64Array = new Float64Array(n);
  let value = evaluate(x, gradient);
  if (!Number.isFinite(value)) throw new Error('L-BFGS: the objective is not finite at the start');

  const sHistory: Float64Array[] = [];
  const yHistory: Float64Array[] = [];
  const rhoHistory: number[] = [];
  const direction = new Float64Array(n);
  const alpha = new Float64Array(memory);

  const result = (iterations: number, converged: boolean, reason: LbfgsResult['reason']): LbfgsResult => ({
    x,
    value,
    gradient,
    iterations,
    evaluations,
    converged,
    reason,
  });

  if (maxAbs(gradient) <= gradientTolerance) return result(0, true, 'gradient');

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    // Two-loop recursion: direction = -H * gradient.
    for (let i = 0; i < n; i++) direction[i] = -gradient[i]!;
    const stored = sHistory.length;
    for (let k = stored - 1; k >= 0; k--) {
      const a = rhoHistory[k]! * dot(sHistory[k]!, direction);
      alpha[k] = a;
      const y = yHistory[k]!;
      for (let i = 0; i < n; i++) direction[i] = direction[i]! - a * y[i]!;
    }
    if (stored > 0) {
      const s = sHistory[stored - 1]!;
      const y = yHistory[stored - 1]!;
      const gamma = dot(s, y) / dot(y, y);
      for (let i = 0; i < n; i++) direction[i] = direction[i]! * gamma;
    }
    for (let k = 0; k < stored; k++) {
      const b = rhoHistory[k]! * dot(yHistory[k]!, direction);
      const s = sHistory[k]!;
      const a = alpha[k]!;
      for (let i = 0; i < n; i++) direction[i] = direction[i]! + (a - b) * s[i]!;
    }
    let slope = dot(gradient, direction);
    if (!(slope < 0)) {
      // Not a descent direction (a poor curvature estimate): restart from steepest descent.
      sHistory.length = 0;
      yHistory.length = 0;
      rhoHistory.length = 0;
      for (let i = 0; i < n; i++) direction[i] = -gradient[i]!;
      slope = dot(gradient, direction);
    }
    const firstStep = stored === 0 ? Math.min(1, 1 / Math.max(maxAbs(gradient), 1e-12)) : 1;
    const accepted = lineSearch(evaluate, x, value, slope, direction, firstStep);
    if (!accepted) return result(iteration, false, 'line-search');

    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = accepted.x[i]! - x[i]!;
      y[i] = accepted.gradient[i]! - gradient[i]!;
    }
    const previous = value;
    x = accepted.x;
    gradient = accepted.gradient;
    value = accepted.value;

    const curvature = dot(s, y);
    if (curvature > 1e-12 * Math.sqrt(dot(y, y) * dot(s, s))) {
      if (sHistory.length === memory) {
        sHistory.shift();
        yHistory.shift();
        rhoHistory.shift();
      }
      sHistory.push(s);
      yHistory.push(y);
      rhoHistory.push(1 / curvature);
    }

    if (maxAbs(gradient) <= gradientTolerance) return result(iteration, true, 'gradient');
    if (previous - value <= relativeTolerance * Math.max(Math.abs(value), Math.abs(previous), 1)) {
      return result(iteration, true, 'value');
    }
  }
  return result(maxIterations, false, 'max-iterations');
}

/** A step along `direction` meeting the strong Wolfe conditions, or null when none is found. */
function lineSearch(
  evaluate: (x: Float64Array, gradient: Float64Array) => number,
  x0: Float64Array,
  value0: number,
  slope0: number,
  direction: Float64Array,
  firstStep: number,
): Trial | null {
  const n = x0.length;
  const trial = (step: number): Trial => {
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) x[i] = x0[i]! + step * direction[i]!;
    const gradient = new Float64Array(n);
    const value = evaluate(x, gradient);
    const finite = Number.isFinite(value);
    return {
      step,
      value: finite ? value : Number.POSITIVE_INFINITY,
      slope: finite ? dot(gradient, direction) : Number.NaN,
      x,
      gradient,
    };
  };
  const sufficient = (t: Trial) => t.value <= value0 + C1 * t.step * slope0;
  const curvatureOk = (t: Trial) => Math.abs(t.slope) <= -C2 * slope0;

  const origin: Trial = { step: 0, value: value0, slope: slope0, x: x0, gradient: new Float64Array(0) };

  const zoom = (lowIn: Trial, highIn: Trial): Trial | null => {
    let low = lowIn;
    let high = highIn;
    for (let i = 0; i < MAX_LINE_SEARCH; i++) {
      const lower = Math.min(low.step, high.step);
      const upper = Math.max(low.step, high.step);
      const width = upper - lower;
      if (width <= 1e-16 * Math.max(1, upper)) break;
      let step = Number.isFinite(high.value) ? cubicMinimum(low, high) : Number.NaN;
      if (!(step > lower + 0.1 * width && step < upper - 0.1 * width)) step = (low.step + high.step) / 2;
      const t = trial(step);
      if (!sufficient(t) || t.value >= low.value) {
        high = t;
      } else {
        if (curvatureOk(t)) return t;
        if (t.slope * (high.step - low.step) >= 0) high = low;
        low = t;
      }
    }
    // No Wolfe point: settle for the best decrease found, if any.
    return low.step > 0 ? low : null;
  };

  let previous = origin;
  let step = firstStep;
  for (let i = 0; i < MAX_LINE_SEARCH; i++) {
    const t = trial(step);
    if (!sufficient(t) || (i > 0 && t.value >= previous.value)) return zoom(previous, t);
    if (curvatureOk(t)) return t;
    if (t.slope >= 0) return zoom(t, previous);
    previous = t;
    step *= 2;
  }
  return previous.step > 0 ? previous : null;
}
