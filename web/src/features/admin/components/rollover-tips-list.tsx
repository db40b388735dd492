import { type AdminRolloverTip, rolloverMessages } from '@cashtips/contract/rollover';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime, formatOdds } from '../utils/format.ts';
import { CodeResultBadge } from './badge.tsx';
import { DateTime } from './date-time.tsx';
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

export const gamesCountText = (count: number) => `${formatCount(count)} ${count === 1 ? 'game' : 'games'}`;

/** 'Arsenal v Chelsea, Lyon v Nice' */
export const teamsText = (tip: Pick<AdminRolloverTip, 'games'>) =>
  tip.games.map((game) => `${game.teamA} v ${game.teamB}`).join(', ');

/** The link opening a tip: its plan, with the day for screen readers (one plan has a tip a day or more). */
function TipLink({ tip }: { tip: AdminRolloverTip }) {
  return (
    <Link to={adminPaths.rolloverTip(tip._id)} className={`${stretchedLink} break-words`}>
      {tip.planName}
      <span className="sr-only">, {formatLagosDay(tip.day)}</span>
    </Link>
  );
}

function BookingCode({ tip }: { tip: AdminRolloverTip }) {
  return tip.bookingCode ? (
    <span className="font-mono break-all">{tip.bookingCode}</span>
  ) : (
    <span className="text-emerald-100/60">No code</span>
  );
}

/** Rollover tips as a table on desktop and cards on phones; a row or card opens the tip. */
export function RolloverTipsList({ tips }: { tips: AdminRolloverTip[] }) {
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Rollover tips</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Plan and day
              </th>
              <th scope="col" className={headCell}>
                Games
              </th>
              <th scope="col" className={headCell}>
                Code
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Odds
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Confidence
              </th>
              <th scope="col" className={headCell}>
                Expires
              </th>
              <th scope="col" className={headCell}>
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {tips.map((tip) => (
              <tr key={tip._id} className={`${bodyRow} relative hover:bg-emerald-800/30`}>
                <th scope="row" className={`${bodyCell} max-w-56 font-normal`}>
                  <TipLink tip={tip} />
                  <p className="text-xs whitespace-nowrap text-emerald-100/70">{formatLagosDay(tip.day)}</p>
                </th>
                <td className={`${bodyCell} max-w-72`}>
                  <span className="whitespace-nowrap">{gamesCountText(tip.gameCount)}</span>
                  <p className="text-xs break-words text-emerald-100/70">{teamsText(tip)}</p>
                </td>
                <td className={`${bodyCell} max-w-48`}>
                  <BookingCode tip={tip} />
                  {tip.bookmaker && <p className="text-xs text-emerald-100/70">{tip.bookmaker}</p>}
                </td>
                <td className={`${bodyCell} text-right tabular-nums`}>{formatOdds(tip.totalOdds)}</td>
                <td className={`${bodyCell} text-right tabular-nums`}>{tip.confidence}%</td>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  {tip.expiresAt ? <DateTime iso={tip.expiresAt} /> : rolloverMessages.noExpiry}
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
      <ul className={cardList} aria-label="Rollover tips">
        {tips.map((tip) => (
          <li key={tip._id} className={`${card} relative`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <TipLink tip={tip} />
                <p className="text-sm text-emerald-100/80">
                  {formatLagosDay(tip.day)} · {gamesCountText(tip.gameCount)}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <CodeResultBadge result={tip.result} />
                <DemoBadge demo={tip.demo} />
              </div>
            </div>
            <p className="mt-2 text-sm break-words text-emerald-100/80">{teamsText(tip)}</p>
            <CardFigures>
              <Figure label="Code" emphasis="medium">
                <BookingCode tip={tip} />
              </Figure>
              <Figure label="Bookmaker">{tip.bookmaker ?? '—'}</Figure>
              <Figure label="Odds" emphasis="medium">
                {formatOdds(tip.totalOdds)}
              </Figure>
              <Figure label="Confidence">{tip.confidence}%</Figure>
              <Figure label="Expires" wide>
                {tip.expiresAt ? formatDateTime(tip.expiresAt) : rolloverMessages.noExpiry}
              </Figure>
            </CardFigures>
          </li>
        ))}
      </ul>
    </>
  );
}
