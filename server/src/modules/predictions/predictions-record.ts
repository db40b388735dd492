import type { CalibrationResponse, MarketRecord, ModelRecordResponse } from '@cashtips/contract/predictions';
import { successRate } from '@cashtips/contract/success-rate';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { closingOdds, pickPrice } from '../football/market-odds.ts';
import { countedInRecords } from '../settlement/record-rule.ts';

/** How long the public record is served from memory (a settled free tip or a refit clears it at once). */
const RECORD_TTL_MS = 30_000;
const BUCKETS = 10;

type Rows<T> = { rows: T[] };
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export type ModelRecord = Omit<ModelRecordResponse, 'success'>;
export type Calibration = Omit<CalibrationResponse, 'success'>;

/**
 * The model's measured record (issue 16), all from settled results and stored pre-kickoff
 * predictions, never typed in:
 * - model picks: free tips posted with the model's probability, and games of codes and rollover tips
 *   posted with one; human picks: free tips posted without one;
 * - success rates as every other rate (contract `successRate`: won ÷ (won + lost), void in neither,
 *   null until 5 are settled), counted the way the free tips' record counts them;
 * - calibration: settled model picks in buckets of 10 points of posted probability;
 * - running RPS: each stored prediction of a finished match scored against its result, beside its
 *   fit's base rates scored the same way;
 * - at the market's prices: the same settled model free tips, those posted with a market price, staked
 *   one unit each at that price, and how the price moved by kickoff.
 */
export class PredictionRecordService {
  private cached: { at: number; value: Promise<ModelRecord> } | undefined;
  private readonly changeListeners: Array<() => void> = [];

  constructor(private readonly deps: { db: Database }) {}

  /** Told when the record may have changed (the landing page rebuilds its figures). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** A free tip was settled, posted or edited, or a fit landed. */
  changed(): void {
    this.cached = undefined;
    for (const listener of this.changeListeners) listener();
  }

  /** Ranked probability score of stored home/draw/away predictions of finished matches, and of their base rates. */
  async running(): Promise<Calibration['running']> {
    const result = (await this.deps.db.execute(sql`
      select count(*)::int as matches,
        avg((power(p.home - o.home, 2) + power(p.home + p.draw - o.home - o.draw, 2)) / 2)::float8 as rps,
        avg((power(p.baseline_home - o.home, 2)
          + power(p.baseline_home + p.baseline_draw - o.home - o.draw, 2)) / 2)::float8 as baseline_rps
      from match_predictions p
      join matches m on m.id = p.match_id
      cross join lateral (
        select (m.home_goals > m.away_goals)::int as home, (m.home_goals = m.away_goals)::int as draw
      ) o
      where m.status = 'finished' and p.predicted_at < m.kickoff`)) as unknown as Rows<{
      matches: number;
      rps: number | null;
      baseline_rps: number | null;
    }>;
    const row = result.rows[0];
    const matches = Number(row?.matches ?? 0);
    return {
      matches,
      rps: matches && row?.rps !== null && row?.rps !== undefined ? round(Number(row.rps), 4) : null,
      baselineRps:
        matches && row?.baseline_rps !== null && row?.baseline_rps !== undefined
          ? round(Number(row.baseline_rps), 4)
          : null,
    };
  }

  /** GET /api/predictions/record and the landing page's figures. */
  record(): Promise<ModelRecord> {
    if (this.cached && Date.now() - this.cached.at < RECORD_TTL_MS) return this.cached.value;
    const value = this.computeRecord();
    const entry = { at: Date.now(), value };
    this.cached = entry;
    value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return value;
  }

  private async computeRecord(): Promise<ModelRecord> {
    const [counts, running, market] = await Promise.all([
      this.deps.db.execute(sql`
        select
          count(*) filter (where f.result = 'won' and f.model_probability is not null)::int as model_won,
          count(*) filter (where f.result = 'lost' and f.model_probability is not null)::int as model_lost,
          count(*) filter (where f.result = 'won' and f.model_probability is null)::int as human_won,
          count(*) filter (where f.result = 'lost' and f.model_probability is null)::int as human_lost
        from free_tips f
        join selections s on s.free_tip_id = f.id and s.position = 0
        join matches m on m.id = s.match_id
        where ${countedInRecords(sql`f.demo`)}`) as unknown as Promise<
        Rows<{ model_won: number; model_lost: number; human_won: number; human_lost: number }>
      >,
      this.running(),
      this.marketRecord(),
    ]);
    const row = counts.rows[0] ?? { model_won: 0, model_lost: 0, human_won: 0, human_lost: 0 };
    const side = (won: number, lost: number) => ({ won, lost, successRate: successRate(won, lost) });
    return {
      model: side(Number(row.model_won), Number(row.model_lost)),
      human: side(Number(row.human_won), Number(row.human_lost)),
      ...running,
      market,
    };
  }

  /**
   * The model's settled free tips (the picks its public success rate counts) that kept a market price
   * when posted: the return of one unit staked on each at that price, and the mean change from that
   * price to the closing one. Closing prices are read for all of them in one query.
   */
  private async marketRecord(): Promise<MarketRecord> {
    const result = (await this.deps.db.execute(sql`
      select s.match_id, s.prediction, s.market_odds_posted::float8 as posted, f.result,
        m.home_team, m.away_team
      from free_tips f
      join selections s on s.free_tip_id = f.id and s.position = 0
      join matches m on m.id = s.match_id
      where f.model_probability is not null and f.result in ('won', 'lost')
        and s.market_odds_posted is not null and ${countedInRecords(sql`f.demo`)}`)) as unknown as Rows<{
      match_id: string;
      prediction: string | null;
      posted: number;
      result: 'won' | 'lost';
      home_team: string;
      away_team: string;
    }>;
    const picks = result.rows;
    const closing = await closingOdds(
      this.deps.db,
      picks.map((pick) => pick.match_id),
    );
    let won = 0;
    let profit = 0;
    const changes: number[] = [];
    for (const pick of picks) {
      const posted = Number(pick.posted);
      if (pick.result === 'won') {
        won++;
        profit += posted - 1;
      } else profit -= 1;
      const prices = closing.get(pick.match_id);
      const close = prices
        ? pickPrice(prices, pick.prediction, { home: pick.home_team, away: pick.away_team })
        : null;
      if (close !== null) changes.push(close / posted - 1);
    }
    const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;
    return {
      picks: picks.length,
      won,
      lost: picks.length - won,
      returnPercent: picks.length ? round((profit / picks.length) * 100, 1) : null,
      closingPicks: changes.length,
      closingChangePercent: changes.length ? round(mean(changes) * 100, 1) : null,
    };
  }

  /** GET /api/admin/predictions/calibration. */
  async calibration(): Promise<Calibration> {
    // Probabilities are stored as `real`: 0.7 reads back as 0.69999999; six decimals put it back in
    // its bucket.
    const [picks, running, market] = await Promise.all([
      this.deps.db.execute(sql`
        select round(p::numeric, 6)::float8 as p, count(*)::int as settled,
          count(*) filter (where r = 'won')::int as won
        from (
          select model_probability as p, result as r from free_tips
          where model_probability is not null and result in ('won', 'lost') and ${countedInRecords(sql`demo`)}
          union all
          select s.model_probability, s.outcome from selections s
          left join booking_codes c on c.id = s.booking_code_id
          left join rollover_tips t on t.id = s.rollover_tip_id
          where s.model_probability is not null and s.free_tip_id is null and s.outcome in ('won', 'lost')
            and ${countedInRecords(sql`coalesce(c.demo, t.demo, false)`)}
        ) picks
        group by 1`) as unknown as Promise<Rows<{ p: number; settled: number; won: number }>>,
      this.running(),
      this.marketRecord(),
    ]);
    const buckets = Array.from({ length: BUCKETS }, (_, index) => ({
      from: index / BUCKETS,
      to: (index + 1) / BUCKETS,
      settled: 0,
      won: 0,
      sum: 0,
    }));
    for (const row of picks.rows) {
      const p = Number(row.p);
      const bucket = buckets[Math.min(BUCKETS - 1, Math.floor(p * BUCKETS + 1e-9))];
      if (!bucket) continue;
      bucket.settled += Number(row.settled);
      bucket.won += Number(row.won);
      bucket.sum += p * Number(row.settled);
    }
    return {
      buckets: buckets.map(({ from, to, settled, won, sum }) => ({
        from,
        to,
        settled,
        won,
        meanProbability: settled ? round(sum / settled, 4) : null,
        observedFrequency: settled ? round(won / settled, 4) : null,
      })),
      running,
      market,
    };
  }
}

/** +4.2% / −1.8% (a true minus sign). */
const signedPercent = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}%`;
const picksText = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? noun : `${noun}s`}`;

/**
 * The record at the market's prices in one sentence, written here so the landing page shows it as
 * text and carries no code for it; null until a priced model pick is settled.
 */
export function marketLine(market: MarketRecord): string | null {
  if (market.returnPercent === null) return null;
  const staked = `At the market price when posted, the model’s ${picksText(market.picks, 'priced pick')} returned ${signedPercent(market.returnPercent)} on flat stakes`;
  if (market.closingChangePercent === null) return `${staked}.`;
  const whose =
    market.closingPicks === market.picks ? 'their price' : `the price of ${market.closingPicks} of them`;
  return `${staked}; by kickoff ${whose} had moved ${signedPercent(market.closingChangePercent)} on average.`;
}
