import { addLagosDays } from '@cashtips/contract/lagos-time';
import { describe, expect, it } from 'vitest';
import {
  dixonColesObjective,
  expectedGoals,
  fitDixonColes,
  prepareFit,
  scoreMatrix,
  scoreMatrixFromRates,
} from './dixon-coles.ts';
import { seededRandom, simulateSeason, syntheticLeague, type TrueModel } from './synthetic.ts';
import type { FinishedMatch, FittedModel } from './types.ts';

function seasons(model: TrueModel, count: number, seed: number, firstYear = 2015): FinishedMatch[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, s) =>
    simulateSeason(model, `${firstYear + s}-08-10`, random),
  ).flat();
}

const indexOf = (model: FittedModel, team: string) => model.teams.indexOf(team);

describe('Dixon-Coles objective', () => {
  it('has the analytic gradient that finite differences measure, newcomer terms included', () => {
    const random = seededRandom(7);
    const league = syntheticLeague(10, random);
    const matches = [
      ...simulateSeason(league, '2020-08-01', random),
      // Team K replaces Team J in the second season: both are "moved between divisions".
      ...simulateSeason(
        { ...league, teams: league.teams.map((team) => (team === 'Team J' ? 'Team K' : team)) },
        '2021-08-01',
        random,
      ),
    ];
    const problem = prepareFit(matches, {
      asOf: '2022-08-01',
      xi: 0.003,
      ridge: 2,
      windowDays: 2000,
      newcomerGap: 20,
    });
    expect(problem.newcomer[problem.teams.indexOf('Team K')]).toBe(1);
    expect(problem.newcomer[problem.teams.indexOf('Team J')]).toBe(1);
    expect(problem.newcomer[problem.teams.indexOf('Team A')]).toBe(0);

    const size = 2 * problem.teams.length + 5;
    const x = Float64Array.from({ length: size }, () => (random() - 0.5) * 0.4);
    x[2 * problem.teams.length + 2] = -0.08; // ρ, inside its domain
    const analytic = new Float64Array(size);
    dixonColesObjective(problem, x, analytic);
    const scratch = new Float64Array(size);
    const step = 1e-6;
    for (let p = 0; p < size; p++) {
      const plus = Float64Array.from(x);
      const minus = Float64Array.from(x);
      plus[p] = plus[p]! + step;
      minus[p] = minus[p]! - step;
      const numeric =
        (dixonColesObjective(problem, plus, scratch) - dixonColesObjective(problem, minus, scratch)) /
        (2 * step);
      expect(Math.abs(analytic[p]! - numeric)).toBeLessThan(1e-7 + 1e-5 * Math.abs(numeric));
    }
  });

  it('answers Infinity where a low-score weight τ would be negative', () => {
    const matches: FinishedMatch[] = [
      { date: '2024-01-01', home: 'A', away: 'B', homeGoals: 1, awayGoals: 1 },
    ];
    const problem = prepareFit(matches, { asOf: '2024-02-01', xi: 0, ridge: 1, windowDays: 1000 });
    const x = new Float64Array(2 * 2 + 5);
    x[2 * 2 + 2] = 1.5; // τ(1,1) = 1 - ρ < 0
    expect(dixonColesObjective(problem, x, new Float64Array(x.length))).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('fitDixonColes', () => {
  it('recovers attack, defence, home advantage and ρ from seasons drawn from a known model', () => {
    const truth = syntheticLeague(12, seededRandom(11));
    const matches = seasons(truth, 12, 12); // 1,584 matches
    const model = fitDixonColes(matches, { asOf: '2030-01-01', xi: 0, ridge: 0.01, windowDays: 10_000 });
    expect(model.matches).toBe(matches.length);
    expect(model.homeAdvantage).toBeGreaterThan(truth.homeAdvantage - 0.06);
    expect(model.homeAdvantage).toBeLessThan(truth.homeAdvantage + 0.06);
    expect(model.rho).toBeGreaterThan(truth.rho - 0.07);
    expect(model.rho).toBeLessThan(truth.rho + 0.07);
    let squares = 0;
    truth.teams.forEach((team, t) => {
      const i = indexOf(model, team);
      expect(Math.abs(model.attack[i]! - truth.attack[t]!)).toBeLessThan(0.15);
      expect(Math.abs(model.defence[i]! - truth.defence[t]!)).toBeLessThan(0.15);
      squares += (model.attack[i]! - truth.attack[t]!) ** 2 + (model.defence[i]! - truth.defence[t]!) ** 2;
    });
    expect(Math.sqrt(squares / (2 * truth.teams.length))).toBeLessThan(0.07);
    // Identifiability: attack sums to zero.
    expect(Math.abs(model.attack.reduce((sum, a) => sum + a, 0))).toBeLessThan(1e-9);
  });

  it('uses only matches dated strictly before asOf, whatever it is given', () => {
    const truth = syntheticLeague(8, seededRandom(3));
    const matches = seasons(truth, 3, 4);
    const asOf = '2016-12-01';
    const clean = fitDixonColes(
      matches.filter((match) => match.date < asOf),
      { asOf },
    );
    // The same fit, handed results on asOf and after that would change every rating if used.
    const poisoned = matches.map((match) =>
      match.date >= asOf ? { ...match, homeGoals: 9, awayGoals: 0 } : match,
    );
    const onTheDay: FinishedMatch = {
      date: asOf,
      home: 'Team A',
      away: 'Team B',
      homeGoals: 0,
      awayGoals: 12,
    };
    const fitted = fitDixonColes([...poisoned, onTheDay], { asOf });
    expect(fitted).toEqual(clean);
    expect(fitted.matches).toBe(matches.filter((match) => match.date < asOf).length);
  });

  it('rates a team that changed recently closer to its recent form when ξ is larger', () => {
    const random = seededRandom(21);
    const before = syntheticLeague(10, random);
    const a = before.teams.indexOf('Team A');
    const after: TrueModel = {
      ...before,
      attack: before.attack.map((value, i) => (i === a ? value - 0.8 : value)),
      defence: before.defence.map((value, i) => (i === a ? value + 0.5 : value)),
    };
    const matches = [
      ...simulateSeason(before, '2018-08-01', random),
      ...simulateSeason(before, '2019-08-01', random),
      ...simulateSeason(before, '2020-08-01', random),
      ...simulateSeason(after, '2021-08-01', random),
    ];
    const asOf = '2022-06-01';
    const slow = fitDixonColes(matches, { asOf, xi: 0, ridge: 1 });
    const fast = fitDixonColes(matches, { asOf, xi: 0.006, ridge: 1 });
    const strength = (model: FittedModel) => {
      const i = indexOf(model, 'Team A');
      // Team A's attack minus defence, relative to the league's mean defence.
      const meanDefence = model.defence.reduce((sum, d) => sum + d, 0) / model.defence.length;
      return model.attack[i]! - (model.defence[i]! - meanDefence);
    };
    const recent = after.attack[a]! - (after.defence[a]! - after.defence.reduce((s, d) => s + d, 0) / 10);
    expect(Math.abs(strength(fast) - recent)).toBeLessThan(Math.abs(strength(slow) - recent) - 0.2);
    expect(strength(fast)).toBeLessThan(strength(slow));
  });

  it('gives a team it never saw the level of recent newcomers, below the average team', () => {
    const random = seededRandom(5);
    const strong = syntheticLeague(10, random);
    const matches: FinishedMatch[] = [];
    // Every season the three weakest-named teams are replaced by three new, weak ones.
    let teams = strong;
    for (let s = 0; s < 5; s++) {
      matches.push(...simulateSeason(teams, `${2015 + s}-08-01`, random));
      teams = {
        ...teams,
        teams: teams.teams.map((team, i) => (i >= 7 ? `Promoted ${s}-${i}` : team)),
        attack: teams.attack.map((value, i) => (i >= 7 ? -0.35 : value)),
        defence: teams.defence.map((value, i) => (i >= 7 ? 0.55 : value)),
      };
    }
    const model = fitDixonColes(matches, { asOf: '2020-07-01', newcomerGap: 40 });
    expect(model.newTeam).toBeDefined();
    // Compared with the seven clubs that stayed all along (truth: 0.35 less attack, 0.3-0.4 more
    // defence, i.e. conceding more).
    const stayed = strong.teams.slice(0, 7).map((team) => indexOf(model, team));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const stayedAttack = mean(stayed.map((i) => model.attack[i]!));
    const stayedDefence = mean(stayed.map((i) => model.defence[i]!));
    expect(model.newTeam!.attack).toBeLessThan(stayedAttack - 0.2);
    expect(model.newTeam!.defence).toBeGreaterThan(stayedDefence + 0.2);

    const unknown = expectedGoals(model, 'Team A', 'Brand New FC');
    const known = expectedGoals(model, 'Team A', 'Team B');
    expect(unknown).not.toBeNull();
    expect(scoreMatrix(model, 'Brand New FC', 'Team A')).not.toBeNull();
    // Without a new-team level (a model stored before it existed) there is no prediction.
    const { newTeam: _, ...older } = model;
    expect(scoreMatrix(older, 'Team A', 'Brand New FC')).toBeNull();
    expect(scoreMatrix(older, 'Team A', 'Team B')).not.toBeNull();
    expect(known).not.toBeNull();
  });

  it('starts from a previous fit and reaches the same optimum in fewer iterations', () => {
    const truth = syntheticLeague(20, seededRandom(8));
    const matches = seasons(truth, 4, 9);
    const lastWeek = fitDixonColes(matches, { asOf: '2018-03-01' });
    const cold = fitDixonColes(matches, { asOf: '2018-03-08' });
    const warm = fitDixonColes(matches, { asOf: '2018-03-08', initial: lastWeek });
    expect(warm.iterations).toBeLessThan(cold.iterations);
    expect(warm.logLikelihood).toBeCloseTo(cold.logLikelihood, 4);
    warm.attack.forEach((value, i) => {
      expect(value).toBeCloseTo(cold.attack[i]!, 3);
    });
  });

  it('answers a neutral model with no teams when nothing precedes asOf', () => {
    const model = fitDixonColes([{ date: '2024-05-01', home: 'A', away: 'B', homeGoals: 1, awayGoals: 0 }], {
      asOf: '2024-05-01',
    });
    expect(model).toMatchObject({ teams: [], matches: 0, asOf: '2024-05-01' });
  });

  it('fits a league of three seasons well within its time budget', () => {
    const truth = syntheticLeague(20, seededRandom(1));
    const matches = seasons(truth, 4, 2);
    const started = performance.now();
    fitDixonColes(matches, { asOf: addLagosDays('2019-08-10', 0) });
    // The goal is 2 s on this machine; a cold fit takes a few tens of milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('scoreMatrix', () => {
  it('sums to 1 and with ρ = 0 is the product of two Poisson distributions', () => {
    const lambda = 1.6;
    const nu = 1.1;
    const matrix = scoreMatrixFromRates(lambda, nu, 0, 10);
    const poisson = (rate: number, k: number) => {
      let p = Math.exp(-rate);
      for (let i = 1; i <= k; i++) p = (p * rate) / i;
      return p;
    };
    let mass = 0;
    for (let h = 0; h <= 10; h++) for (let a = 0; a <= 10; a++) mass += poisson(lambda, h) * poisson(nu, a);
    matrix.forEach((row, h) => {
      row.forEach((p, a) => {
        expect(p).toBeCloseTo((poisson(lambda, h) * poisson(nu, a)) / mass, 12);
      });
    });
    expect(matrix.flat().reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
  });

  it('ρ changes the relative weight of exactly 0-0, 1-0, 0-1 and 1-1', () => {
    const lambda = 1.4;
    const nu = 0.9;
    const rho = -0.13;
    const independent = scoreMatrixFromRates(lambda, nu, 0);
    const corrected = scoreMatrixFromRates(lambda, nu, rho);
    expect(corrected.flat().reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
    // Outside the four cells every ratio is the same constant (the normaliser)...
    const constant = corrected[2]![3]! / independent[2]![3]!;
    const tau: Record<string, number> = {
      '0-0': 1 - lambda * nu * rho,
      '0-1': 1 + lambda * rho,
      '1-0': 1 + nu * rho,
      '1-1': 1 - rho,
    };
    corrected.forEach((row, h) => {
      row.forEach((p, a) => {
        const ratio = p / independent[h]![a]!;
        // ...and in them it is that constant times τ.
        expect(ratio).toBeCloseTo(constant * (tau[`${h}-${a}`] ?? 1), 10);
      });
    });
    expect(Math.abs(tau['0-0']! - 1)).toBeGreaterThan(0.1); // the correction is not trivially 1 here
  });

  it('reads a fitted model: a stronger home side gets the larger expected goals', () => {
    const truth = syntheticLeague(10, seededRandom(30));
    const model = fitDixonColes(seasons(truth, 4, 31), { asOf: '2020-01-01' });
    const best = truth.teams[truth.attack.indexOf(Math.max(...truth.attack))]!;
    const worst = truth.teams[truth.attack.indexOf(Math.min(...truth.attack))]!;
    const goals = expectedGoals(model, best, worst)!;
    expect(goals.home).toBeGreaterThan(goals.away);
    const matrix = scoreMatrix(model, best, worst, 8)!;
    expect(matrix).toHaveLength(9);
    expect(matrix.flat().reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
  });
});
