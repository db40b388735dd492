import type { MarketComparison as Market, MatchPrediction } from '@cashtips/contract/predictions';
import { formatDateTime, formatOdds } from '../utils/format.ts';
import { edgeText, percentText } from '../utils/model-game.ts';

type Outcome = NonNullable<Market['result']>['home'];

/** An edge as the pick rows show it: lime on a light ground when the price is worth more than it costs, rose when less. */
/**
 * An edge in plain figures, never in "value" colours (PRODUCT 15): on held-out matches the model's
 * edge picks lost more than backing everything, so nothing here may suggest a positive edge is worth
 * betting until the model's own edge picks (100 settled) show a positive return's lower bound.
 */
export function EdgeValue({ edge }: { edge: number }) {
  return <span className="text-emerald-50">{edgeText(edge)}</span>;
}

// Tight on phones: five columns must fit a 390 px card without scrolling sideways.
const cell = 'px-1.5 py-1.5 text-right tabular-nums sm:px-3';
const head = 'px-1.5 py-1.5 text-xs font-semibold text-emerald-200/75 sm:px-3';

/** 0.022 → '2.2%'. */
const marginText = (margin: number) => `${(margin * 100).toFixed(1)}%`;

/**
 * The market beside the model for one match: per outcome the model's probability, the market's (its
 * margin removed), the bookmaker's price and the model's edge at it (probability × price − 1), for the
 * 1X2 and over/under 2.5 goals where both have them; the bookmaker and when the price was taken. A match
 * without prices has none of this (the card shows the model alone).
 */
export function MarketComparison({ match }: { match: MatchPrediction }) {
  const { market, markets: model } = match;
  if (!market || !model) return null;
  const line = model.totals.find((total) => total.line === 2.5);
  const rows: { label: string; model: number; outcome: Outcome }[] = [];
  if (market.result) {
    rows.push(
      { label: match.homeTeam, model: model.result.home, outcome: market.result.home },
      { label: 'Draw', model: model.result.draw, outcome: market.result.draw },
      { label: match.awayTeam, model: model.result.away, outcome: market.result.away },
    );
  }
  if (market.overUnder25 && line) {
    rows.push(
      { label: 'Over 2.5', model: line.over, outcome: market.overUnder25.over },
      { label: 'Under 2.5', model: line.under, outcome: market.overUnder25.under },
    );
  }
  if (!rows.length) return null;
  const margins = [
    market.result && `1X2 ${marginText(market.result.margin)}`,
    market.overUnder25 && `over/under ${marginText(market.overUnder25.margin)}`,
  ].filter(Boolean);
  return (
    <div className="mt-3 flex max-w-xl flex-col gap-1.5">
      <div className="overflow-x-auto rounded-xl border border-emerald-800/60">
        <table className="w-full border-collapse text-xs min-[26rem]:text-sm">
          <caption className="px-1.5 pt-2 text-left text-xs text-emerald-100/80 sm:px-3">
            <span className="font-semibold text-white">Model vs market</span> · consensus of{' '}
            {market.bookmakers} bookmakers, latest price taken{' '}
            <time dateTime={market.takenAt}>{formatDateTime(market.takenAt)}</time>
          </caption>
          <thead>
            <tr className="border-b border-emerald-800/60">
              <th scope="col" className={`${head} text-left`}>
                Outcome
              </th>
              <th scope="col" className={`${head} text-right`}>
                Model
              </th>
              <th scope="col" className={`${head} text-right`}>
                Market
              </th>
              <th scope="col" className={`${head} text-right`}>
                Price
              </th>
              <th scope="col" className={`${head} text-right`}>
                Edge
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-emerald-800/40 last:border-b-0">
                <th scope="row" className="px-1.5 py-1.5 text-left font-normal text-emerald-100/85 sm:px-3">
                  {row.label}
                </th>
                <td className={`${cell} font-semibold text-white`}>{percentText(row.model)}</td>
                <td className={`${cell} text-emerald-50`}>{percentText(row.outcome.probability)}</td>
                <td className={`${cell} text-emerald-50`}>{formatOdds(row.outcome.price)}</td>
                <td className={cell}>
                  <EdgeValue edge={row.outcome.edge} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-emerald-100/70">
        Market: each bookmaker’s probabilities with its margin removed, then averaged (their mean margin:{' '}
        {margins.join(', ')}). Price: the fair price, 1 ÷ the market’s probability. Edge: model probability ×
        price − 1.
      </p>
    </div>
  );
}
