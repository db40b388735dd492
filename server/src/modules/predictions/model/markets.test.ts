import { type Market, parseMarket, settleMarket } from '@cashtips/contract/markets';
import { describe, expect, it } from 'vitest';
import { scoreMatrixFromRates } from './dixon-coles.ts';
import { marketsOf, modelPicks, resultProbabilities } from './markets.ts';
import type { ScoreMatrix } from './types.ts';

const teams = { home: 'Arsenal FC', away: 'Chelsea FC' };

/** The probability a market is won by summing the cells settleMarket marks won (void cells dropped). */
function settledProbability(matrix: ScoreMatrix, market: Market): number {
  let won = 0;
  let lost = 0;
  matrix.forEach((row, home) => {
    row.forEach((p, away) => {
      const outcome = settleMarket(market, { home, away });
      if (outcome === 'won') won += p;
      else if (outcome === 'lost') lost += p;
    });
  });
  // Draw no bet: the stake comes back on a draw, so the price is conditional on a winner.
  return won / (won + lost);
}

const matrices: [string, ScoreMatrix][] = [
  ['an even match', scoreMatrixFromRates(1.35, 1.1, -0.1)],
  ['a mismatch', scoreMatrixFromRates(3.1, 0.4, -0.05)],
  ['a low-scoring match with ρ > 0', scoreMatrixFromRates(0.7, 0.6, 0.08)],
];

describe.each(matrices)('markets of %s', (_, matrix) => {
  const markets = marketsOf(matrix);

  it('has probabilities that sum to 1 where they should', () => {
    const { result, doubleChance, drawNoBet, btts, totals } = markets;
    expect(result.home + result.draw + result.away).toBeCloseTo(1, 12);
    expect(drawNoBet.home + drawNoBet.away).toBeCloseTo(1, 12);
    expect(btts.yes + btts.no).toBeCloseTo(1, 12);
    for (const total of totals) expect(total.over + total.under).toBeCloseTo(1, 12);
    expect(doubleChance['1X'] + doubleChance.X2 + doubleChance['12']).toBeCloseTo(2, 12);
    expect(totals.map((total) => total.line)).toEqual([0.5, 1.5, 2.5, 3.5, 4.5]);
  });

  it('prices every market as the score-matrix cells settleMarket marks won', () => {
    const check = (market: Market, probability: number) =>
      expect(probability).toBeCloseTo(settledProbability(matrix, market), 12);
    check({ kind: 'result', pick: 'home' }, markets.result.home);
    check({ kind: 'result', pick: 'draw' }, markets.result.draw);
    check({ kind: 'result', pick: 'away' }, markets.result.away);
    check({ kind: 'double-chance', pick: '1X' }, markets.doubleChance['1X']);
    check({ kind: 'double-chance', pick: 'X2' }, markets.doubleChance.X2);
    check({ kind: 'double-chance', pick: '12' }, markets.doubleChance['12']);
    check({ kind: 'draw-no-bet', pick: 'home' }, markets.drawNoBet.home);
    check({ kind: 'draw-no-bet', pick: 'away' }, markets.drawNoBet.away);
    check({ kind: 'btts', pick: 'yes' }, markets.btts.yes);
    check({ kind: 'btts', pick: 'no' }, markets.btts.no);
    for (const { line, over, under } of markets.totals) {
      check({ kind: 'total', side: 'over', line }, over);
      check({ kind: 'total', side: 'under', line }, under);
    }
  });

  it('lists the five likeliest scores, most likely first, and the expected goals', () => {
    const cells = matrix.flatMap((row, home) =>
      row.map((probability, away) => ({ home, away, probability })),
    );
    const sorted = [...cells].sort((a, b) => b.probability - a.probability);
    expect(markets.likeliestScores).toHaveLength(5);
    markets.likeliestScores.forEach((score, i) => {
      expect(score.probability).toBeCloseTo(sorted[i]!.probability, 12);
    });
    expect(markets.likeliestScores[0]).toMatchObject({ home: sorted[0]!.home, away: sorted[0]!.away });
    const expectedHome = cells.reduce((sum, cell) => sum + cell.home * cell.probability, 0);
    expect(markets.expectedGoals.home).toBeCloseTo(expectedHome, 12);
  });

  it('makes picks whose text parseMarket reads back into the market they price', () => {
    const picks = modelPicks(markets, teams);
    expect(picks).toHaveLength(3 + 3 + 2 + 10 + 2);
    for (const pick of picks) {
      const market = parseMarket(pick.prediction, teams);
      expect(market, pick.prediction).not.toBeNull();
      expect(market!.kind).toBe(pick.market);
      expect(pick.probability).toBeCloseTo(settledProbability(matrix, market!), 12);
      expect(pick.fairOdds).toBe(Math.round((1 / pick.probability) * 100) / 100);
      expect(Math.abs(pick.fairOdds - 1 / pick.probability)).toBeLessThanOrEqual(0.005 + 1e-12);
    }
  });
});

describe('modelPicks', () => {
  it('labels picks in words with the teams’ names', () => {
    const picks = modelPicks(marketsOf(scoreMatrixFromRates(1.5, 1.0, -0.1)), teams);
    const label = (prediction: string) => picks.find((pick) => pick.prediction === prediction)?.label;
    expect(label('Home')).toBe('Arsenal FC to win');
    expect(label('Draw')).toBe('Draw');
    expect(label('Away')).toBe('Chelsea FC to win');
    expect(label('1X')).toBe('Double chance: Arsenal FC or draw');
    expect(label('DNB Away')).toBe('Chelsea FC (draw no bet)');
    expect(label('Over 2.5')).toBe('Over 2.5 goals');
    expect(label('Under 0.5')).toBe('Under 0.5 goals');
    expect(label('BTTS No')).toBe('Both teams to score: No');
  });

  it('gives fair odds of 1/p rounded to two decimals', () => {
    const markets = marketsOf(scoreMatrixFromRates(1.5, 1.0, -0.1));
    const home = modelPicks(markets, teams).find((pick) => pick.prediction === 'Home')!;
    expect(home.probability).toBe(markets.result.home);
    expect(home.fairOdds).toBe(Math.round((1 / markets.result.home) * 100) / 100);
    expect(String(home.fairOdds)).toMatch(/^\d+(\.\d{1,2})?$/);
  });

  it('resultProbabilities agrees with marketsOf', () => {
    const matrix = scoreMatrixFromRates(1.2, 1.3, -0.07);
    expect(resultProbabilities(matrix)).toEqual(marketsOf(matrix).result);
  });
});
