import { scoreText } from '@cashtips/contract/matches';
import type { AdminFreeTip } from '@cashtips/contract/tips';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatOdds } from '../utils/format.ts';
import { CodeResultBadge } from './badge.tsx';
import { CardFigures, Figure } from './figure.tsx';
import {
  bodyCell,
  bodyRow,
  card,
  cardList,
  headCell,
  stretchedLink,
  tableClass,
  tableFrame,
} from './table-styles.ts';

/** 'Sat, 1 Mar 2025 · 17:00': the kickoff's Lagos date and clock time, as the server gives them. */
export const kickoffText = (tip: Pick<AdminFreeTip, 'date' | 'time'>) =>
  `${formatLagosDay(tip.date, 'withWeekday')} · ${tip.time}`;

const confidenceText = (confidence: number | null) => (confidence === null ? '—' : `${confidence}%`);

function TipLink({ tip }: { tip: AdminFreeTip }) {
  return (
    <Link to={adminPaths.freeTip(tip._id)} className={`${stretchedLink} break-words`}>
      {tip.teamA} vs {tip.teamB}
    </Link>
  );
}

function Score({ tip }: { tip: AdminFreeTip }) {
  const score = scoreText(tip.score);
  return score ? (
    <span className="font-semibold whitespace-nowrap text-white">{score}</span>
  ) : (
    <span className="text-emerald-100/60">—</span>
  );
}

/** Free tips as a table on desktop and cards on phones; a row or card opens the tip. */
export function FreeTipsList({ tips }: { tips: AdminFreeTip[] }) {
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Free tips</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Match
              </th>
              <th scope="col" className={headCell}>
                Kickoff (Lagos)
              </th>
              <th scope="col" className={headCell}>
                Prediction
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Odds
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Confidence
              </th>
              <th scope="col" className={headCell}>
                Score
              </th>
              <th scope="col" className={headCell}>
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {tips.map((tip) => (
              <tr key={tip._id} className={`${bodyRow} relative hover:bg-emerald-800/30`}>
                <th scope="row" className={`${bodyCell} max-w-64 font-normal`}>
                  <TipLink tip={tip} />
                  <p className="text-xs break-words text-emerald-100/70">{tip.league}</p>
                </th>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <span className="block whitespace-nowrap">{formatLagosDay(tip.date, 'withWeekday')}</span>
                  <span className="block text-xs text-emerald-200/60">{tip.time}</span>
                </td>
                <td className={`${bodyCell} max-w-56 break-words`}>{tip.prediction}</td>
                <td className={`${bodyCell} text-right tabular-nums`}>{formatOdds(tip.totalOdds)}</td>
                <td className={`${bodyCell} text-right tabular-nums`}>{confidenceText(tip.confidence)}</td>
                <td className={`${bodyCell} tabular-nums`}>
                  <Score tip={tip} />
                </td>
                <td className={bodyCell}>
                  <span className="flex flex-wrap gap-1">
                    <CodeResultBadge result={tip.result} />
                    <DemoBadge demo={tip.demo} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Free tips">
        {tips.map((tip) => (
          <li key={tip._id} className={`${card} relative`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <TipLink tip={tip} />
                <p className="text-sm break-words text-emerald-100/80">{tip.league}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <CodeResultBadge result={tip.result} />
                <DemoBadge demo={tip.demo} />
              </div>
            </div>
            <p className="mt-2 text-sm break-words text-emerald-50">{tip.prediction}</p>
            <p className="text-xs text-emerald-200/70">{kickoffText(tip)}</p>
            <CardFigures>
              <Figure label="Odds" emphasis="medium">
                {formatOdds(tip.totalOdds)}
              </Figure>
              <Figure label="Confidence">{confidenceText(tip.confidence)}</Figure>
              <Figure label="Score">
                <Score tip={tip} />
              </Figure>
            </CardFigures>
          </li>
        ))}
      </ul>
    </>
  );
}
