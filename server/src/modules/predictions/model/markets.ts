/**
 * Market probabilities read from a score matrix, and the picks an admin can post from them. Each
 * pick's `prediction` is text the product's market reader (`parseMarket`) turns back into the same
 * market, so a posted pick settles itself from the final score.
 */
import { describeMarket, type Market } from '@cashtips/contract/markets';
import type { MarketProbabilities, ModelPick, ScoreMatrix } from './types.ts';

export const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5] as const;

/** Home win, draw and away win: the cells below, on and above the diagonal. */
export function resultProbabilities(matrix: ScoreMatrix): { home: number; draw: number; away: number } {
  let home = 0;
  let draw = 0;
  let away = 0;
  matrix.forEach((row, h) => {
    row.forEach((p, a) => {
      if (h > a) home += p;
      else if (h === a) draw += p;
      else away += p;
    });
  });
  const total = home + draw + away;
  return { home: home / total, draw: draw / total, away: away / total };
}

export function marketsOf(matrix: ScoreMatrix): MarketProbabilities {
  const result = resultProbabilities(matrix);
  let total = 0;
  let expectedHome = 0;
  let expectedAway = 0;
  let bothScore = 0;
  const goalsAtMost = new Map<number, number>(TOTAL_LINES.map((line) => [line, 0]));
  const cells: { home: number; away: number; probability: number }[] = [];
  matrix.forEach((row, h) => {
    row.forEach((p, a) => {
      total += p;
      expectedHome += h * p;
      expectedAway += a * p;
      if (h > 0 && a > 0) bothScore += p;
      for (const line of TOTAL_LINES) if (h + a < line) goalsAtMost.set(line, goalsAtMost.get(line)! + p);
      cells.push({ home: h, away: a, probability: p });
    });
  });
  const likeliestScores = cells
    .sort((x, y) => y.probability - x.probability || x.home + x.away - (y.home + y.away) || x.home - y.home)
    .slice(0, 5)
    .map((cell) => ({ ...cell, probability: cell.probability / total }));
  const decided = result.home + result.away;
  return {
    expectedGoals: { home: expectedHome / total, away: expectedAway / total },
    result,
    doubleChance: {
      '1X': result.home + result.draw,
      X2: result.draw + result.away,
      '12': result.home + result.away,
    },
    drawNoBet: {
      home: decided > 0 ? result.home / decided : 0.5,
      away: decided > 0 ? result.away / decided : 0.5,
    },
    totals: TOTAL_LINES.map((line) => {
      const under = goalsAtMost.get(line)! / total;
      return { line, over: 1 - under, under };
    }),
    btts: { yes: bothScore / total, no: 1 - bothScore / total },
    likeliestScores,
  };
}

const fairOdds = (probability: number) => Math.round((1 / Math.max(probability, 1e-6)) * 100) / 100;

/**
 * Every pick the markets allow, in a fixed order: result (home, draw, away), double chance (1X, X2,
 * 12), draw no bet (home, away; its probability is conditional on a winner, as the stake comes back
 * on a draw), totals over/under 0.5 to 4.5, both teams to score yes/no. Labels are the product's
 * own wording of the market (contract `describeMarket`).
 */
export function modelPicks(markets: MarketProbabilities, teams: { home: string; away: string }): ModelPick[] {
  const pick = (
    kind: ModelPick['market'],
    market: Market,
    prediction: string,
    probability: number,
  ): ModelPick => ({
    market: kind,
    label: describeMarket(market, teams),
    prediction,
    probability,
    fairOdds: fairOdds(probability),
  });
  const { result, doubleChance, drawNoBet, totals, btts } = markets;
  return [
    pick('result', { kind: 'result', pick: 'home' }, 'Home', result.home),
    pick('result', { kind: 'result', pick: 'draw' }, 'Draw', result.draw),
    pick('result', { kind: 'result', pick: 'away' }, 'Away', result.away),
    pick('double-chance', { kind: 'double-chance', pick: '1X' }, '1X', doubleChance['1X']),
    pick('double-chance', { kind: 'double-chance', pick: 'X2' }, 'X2', doubleChance.X2),
    pick('double-chance', { kind: 'double-chance', pick: '12' }, '12', doubleChance['12']),
    pick('draw-no-bet', { kind: 'draw-no-bet', pick: 'home' }, 'DNB Home', drawNoBet.home),
    pick('draw-no-bet', { kind: 'draw-no-bet', pick: 'away' }, 'DNB Away', drawNoBet.away),
    ...totals.flatMap(({ line, over, under }) => [
      pick('total', { kind: 'total', side: 'over', line }, `Over ${line}`, over),
      pick('total', { kind: 'total', side: 'under', line }, `Under ${line}`, under),
    ]),
    pick('btts', { kind: 'btts', pick: 'yes' }, 'BTTS Yes', btts.yes),
    pick('btts', { kind: 'btts', pick: 'no' }, 'BTTS No', btts.no),
  ];
}
