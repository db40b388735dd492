import { describe, expect, it } from 'vitest';
import { minimizeLbfgs, type Objective } from './lbfgs.ts';

/** Rosenbrock's valley in n dimensions (the chained form), minimum 0 at (1, ..., 1). */
const rosenbrock: Objective = (x, gradient) => {
  let value = 0;
  gradient.fill(0);
  for (let i = 0; i + 1 < x.length; i++) {
    const a = x[i]!;
    const b = x[i + 1]!;
    value += 100 * (b - a * a) ** 2 + (1 - a) ** 2;
    gradient[i] = gradient[i]! - 400 * a * (b - a * a) - 2 * (1 - a);
    gradient[i + 1] = gradient[i + 1]! + 200 * (b - a * a);
  }
  return value;
};

describe('L-BFGS', () => {
  it('finds the minimum of the 2-d Rosenbrock function from the classic start (-1.2, 1)', () => {
    const result = minimizeLbfgs(rosenbrock, [-1.2, 1], { gradientTolerance: 1e-9 });
    expect(result.converged).toBe(true);
    expect(result.x[0]).toBeCloseTo(1, 6);
    expect(result.x[1]).toBeCloseTo(1, 6);
    expect(result.value).toBeLessThan(1e-12);
    // Quasi-Newton, not gradient descent: steepest descent needs thousands of steps here.
    expect(result.iterations).toBeLessThan(100);
  });

  it('finds the minimum of a 20-d Rosenbrock function', () => {
    const start = Array.from({ length: 20 }, (_, i) => (i % 2 ? 1 : -1.2));
    const result = minimizeLbfgs(rosenbrock, start, { gradientTolerance: 1e-8, maxIterations: 1000 });
    expect(result.converged).toBe(true);
    for (const value of result.x) expect(value).toBeCloseTo(1, 5);
  });

  it('solves an ill-conditioned quadratic exactly', () => {
    const scales = Array.from({ length: 30 }, (_, i) => 10 ** (i / 10)); // condition number 1e3
    const quadratic: Objective = (x, gradient) => {
      let value = 0;
      for (let i = 0; i < x.length; i++) {
        const d = x[i]! - i;
        value += 0.5 * scales[i]! * d * d;
        gradient[i] = scales[i]! * d;
      }
      return value;
    };
    const result = minimizeLbfgs(quadratic, new Array(30).fill(0), {
      gradientTolerance: 1e-10,
      relativeTolerance: 0,
    });
    expect(result.converged).toBe(true);
    result.x.forEach((value, i) => {
      expect(value).toBeCloseTo(i, 8);
    });
  });

  it('steps back inside the domain when the objective answers Infinity', () => {
    // -log(x) + x has its minimum at x = 1 and is undefined for x <= 0; a full first step from
    // x = 0.05 lands outside, and the line search must shorten it rather than give up.
    const barrier: Objective = (x, gradient) => {
      const v = x[0]!;
      if (v <= 0) return Number.POSITIVE_INFINITY;
      gradient[0] = -1 / v + 1;
      return -Math.log(v) + v;
    };
    const result = minimizeLbfgs(barrier, [0.05], { gradientTolerance: 1e-10 });
    expect(result.converged).toBe(true);
    expect(result.x[0]).toBeCloseTo(1, 8);
  });

  it('stops at once when started at the minimum', () => {
    const result = minimizeLbfgs(rosenbrock, [1, 1]);
    expect(result).toMatchObject({ iterations: 0, converged: true, reason: 'gradient' });
  });
});
