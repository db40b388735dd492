import { describe, expect, it } from 'vitest';
import { combineOutcomes, describeMarket, type Market, parseMarket, settleMarket } from './markets.ts';

const teams = { home: 'Arsenal FC', away: 'Chelsea FC' };
const read = (prediction: string) => parseMarket(prediction, teams);

describe('reading a prediction', () => {
  it.each<[string, Market]>([
    ['Home win', { kind: 'result', pick: 'home' }],
    ['1', { kind: 'result', pick: 'home' }],
    ['Arsenal to win', { kind: 'result', pick: 'home' }],
    ['arsenal fc win', { kind: 'result', pick: 'home' }],
    ['Draw', { kind: 'result', pick: 'draw' }],
    ['X', { kind: 'result', pick: 'draw' }],
    ['Away win', { kind: 'result', pick: 'away' }],
    ['Chelsea to win', { kind: 'result', pick: 'away' }],
    ['1X2: 2', { kind: 'result', pick: 'away' }],
    ['1X', { kind: 'double-chance', pick: '1X' }],
    ['Double chance X2', { kind: 'double-chance', pick: 'X2' }],
    ['Home or draw', { kind: 'double-chance', pick: '1X' }],
    ['Home win or draw', { kind: 'double-chance', pick: '1X' }],
    ['Away win or draw', { kind: 'double-chance', pick: 'X2' }],
    ['Arsenal to win or draw', { kind: 'double-chance', pick: '1X' }],
    ['Chelsea or draw', { kind: 'double-chance', pick: 'X2' }],
    ['Draw or Chelsea', { kind: 'double-chance', pick: 'X2' }],
    ['12', { kind: 'double-chance', pick: '12' }],
    ['Arsenal or Chelsea', { kind: 'double-chance', pick: '12' }],
    ['Over 2.5 goals', { kind: 'total', side: 'over', line: 2.5 }],
    ['Over 1.5', { kind: 'total', side: 'over', line: 1.5 }],
    ['U3.5', { kind: 'total', side: 'under', line: 3.5 }],
    ['Under 2 goals', { kind: 'total', side: 'under', line: 2 }],
    ['BTTS', { kind: 'btts', pick: 'yes' }],
    ['Both teams to score: Yes', { kind: 'btts', pick: 'yes' }],
    ['BTTS - No', { kind: 'btts', pick: 'no' }],
    ['GG', { kind: 'btts', pick: 'yes' }],
    ['NG', { kind: 'btts', pick: 'no' }],
    ['Draw no bet: Arsenal', { kind: 'draw-no-bet', pick: 'home' }],
    ['Chelsea DNB', { kind: 'draw-no-bet', pick: 'away' }],
    ['Arsenal -1.5', { kind: 'handicap', pick: 'home', line: -1.5 }],
    ['AH away +1', { kind: 'handicap', pick: 'away', line: 1 }],
    ['Asian handicap Chelsea (+0.5)', { kind: 'handicap', pick: 'away', line: 0.5 }],
  ])('%s', (prediction, market) => {
    expect(read(prediction)).toEqual(market);
  });

  it.each([
    'Over 9.5 corners',
    'Saka to score',
    'Over 2.25 goals',
    'Arsenal -0.75',
    'Liverpool to win',
    'Correct score 2-1',
    '',
  ])('leaves %j to be settled by hand', (prediction) => {
    expect(read(prediction)).toBeNull();
  });
});

describe('settling a market from the final score', () => {
  const cases: [string, [number, number], 'won' | 'lost' | 'void'][] = [
    ['Home win', [2, 1], 'won'],
    ['Home win', [1, 1], 'lost'],
    ['Draw', [0, 0], 'won'],
    ['Away win', [0, 3], 'won'],
    ['Away win', [3, 0], 'lost'],
    ['1X', [1, 1], 'won'],
    ['1X', [0, 1], 'lost'],
    ['X2', [2, 0], 'lost'],
    ['12', [1, 1], 'lost'],
    ['12', [0, 1], 'won'],
    ['Over 2.5', [2, 1], 'won'],
    ['Over 2.5', [1, 1], 'lost'],
    ['Under 2.5', [1, 1], 'won'],
    ['Over 2', [1, 1], 'void'],
    ['Under 3', [2, 0], 'won'],
    ['BTTS', [1, 1], 'won'],
    ['BTTS', [2, 0], 'lost'],
    ['BTTS No', [2, 0], 'won'],
    ['BTTS No', [0, 0], 'won'],
    ['Draw no bet: Arsenal', [1, 1], 'void'],
    ['Draw no bet: Arsenal', [2, 1], 'won'],
    ['Draw no bet: Arsenal', [0, 1], 'lost'],
    ['Arsenal -1.5', [2, 0], 'won'],
    ['Arsenal -1.5', [1, 0], 'lost'],
    ['Arsenal -1', [1, 0], 'void'],
    ['Chelsea +1', [1, 0], 'void'],
    ['Chelsea +1.5', [2, 1], 'won'],
    ['Chelsea +0.5', [2, 1], 'lost'],
  ];
  it.each(cases)('%s at %j is %s', (prediction, [home, away], outcome) => {
    const market = read(prediction);
    expect(market).not.toBeNull();
    expect(settleMarket(market as Market, { home, away })).toBe(outcome);
  });

  it('writes each market back in words that read as the same market', () => {
    const markets: Market[] = [
      { kind: 'result', pick: 'home' },
      { kind: 'result', pick: 'draw' },
      { kind: 'double-chance', pick: 'X2' },
      { kind: 'double-chance', pick: '12' },
      { kind: 'total', side: 'under', line: 3.5 },
      { kind: 'btts', pick: 'no' },
      { kind: 'draw-no-bet', pick: 'away' },
      { kind: 'handicap', pick: 'home', line: -1.5 },
    ];
    for (const market of markets) expect(read(describeMarket(market, teams))).toEqual(market);
  });
});

describe('an accumulator from its games', () => {
  it.each<[('won' | 'lost' | 'void' | 'pending')[], string]>([
    [['won', 'won'], 'won'],
    [['won', 'lost'], 'lost'],
    [['pending', 'lost'], 'lost'],
    [['won', 'pending'], 'pending'],
    [['won', 'void'], 'won'],
    [['void', 'void'], 'void'],
    [[], 'pending'],
  ])('%j is %s', (outcomes, result) => {
    expect(combineOutcomes(outcomes)).toBe(result);
  });
});
