import { describe, expect, it } from 'vitest';
import { type PriceRecord, priceRecordSentences } from './price-record.ts';

const record = (figures: Partial<PriceRecord>): PriceRecord => ({
  settled: 12,
  won: 7,
  lost: 4,
  void: 1,
  winRate: 63.6,
  roi: null,
  roiLow: null,
  roiHigh: null,
  clv: null,
  clvCount: 3,
  since: '2026-11-01',
  ...figures,
});

describe('a record at the price paid in words', () => {
  it('says when the return and the closing-line value start showing, with the sample so far', () => {
    expect(priceRecordSentences(record({}), 'tip')).toEqual([
      'The return at the published odds shows from 30 settled tips (12 so far).',
      'The odds against the closing market show from 30 priced tips (3 so far).',
    ]);
  });

  it('gives the return with its interval and the closing-line value with their samples', () => {
    expect(
      priceRecordSentences(
        record({ settled: 44, roi: 4.2, roiLow: -10.1, roiHigh: 18.5, clv: -1.5, clvCount: 31 }),
        'tip',
      ),
    ).toEqual([
      'A unit staked on each of the 44 settled tips at its published odds returned +4.2% (90% interval −10.1% to +18.5%).',
      'Against the closing market, the published odds were −1.5% over 31 priced tips.',
    ]);
  });
});
