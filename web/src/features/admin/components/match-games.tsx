import { type AdminMatchDetailResponse, itemKindLabels } from '@cashtips/contract/matches';
import { useId } from 'react';
import { Link } from '../../../components/ui/link.tsx';
import { itemPath } from '../utils/admin-paths.ts';
import { itemName } from '../utils/format.ts';
import { CodeResultBadge } from './badge.tsx';
import { ListEmpty } from './list-states.tsx';
import { bodyCell, bodyRow, card, headCell, tableClass } from './table-styles.ts';

type MatchGame = AdminMatchDetailResponse['games'][number];

function ItemLink({ game }: { game: MatchGame }) {
  return (
    <Link
      to={itemPath(game.kind, game.itemId)}
      className="rounded font-semibold break-words text-white underline-offset-4 hover:underline"
    >
      {itemName(game.kind, game.itemTitle) || itemKindLabels[game.kind]}
    </Link>
  );
}

/** What the prediction was read as, or that its item is settled by hand. */
function ReadAs({ market }: { market: string | null }) {
  return market ? (
    <span className="break-words">Read as {market}</span>
  ) : (
    <span className="text-amber-200">Settled by hand</span>
  );
}

/**
 * Every game on a match: its item (a link to it), the prediction, what it was read as, the game's own
 * outcome and its item's result. A table from tablets up, cards on phones.
 */
export function MatchGames({ games }: { games: MatchGame[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card min-w-0 p-4 sm:p-5">
      <h2 id={titleId} className="text-base font-bold text-white">
        Games on this match
      </h2>
      <p className="mt-1 mb-3 text-sm text-emerald-100/75">
        A game read as a market is settled from the score; one settled by hand waits for you on its item.
      </p>
      {games.length === 0 ? (
        <ListEmpty>No tips or codes have a game on this match.</ListEmpty>
      ) : (
        <>
          <div className="hidden overflow-x-auto sm:block">
            <table className={tableClass}>
              <caption className="sr-only">Games on this match</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${headCell} min-w-40`}>
                    Item
                  </th>
                  <th scope="col" className={headCell}>
                    Prediction
                  </th>
                  <th scope="col" className={headCell}>
                    Game
                  </th>
                  <th scope="col" className={headCell}>
                    Item result
                  </th>
                </tr>
              </thead>
              <tbody>
                {games.map((game) => (
                  <tr key={`${game.kind}-${game.itemId}-${game.prediction}`} className={bodyRow}>
                    <th scope="row" className={`${bodyCell} font-normal`}>
                      <span className="block text-xs text-emerald-200/70">{itemKindLabels[game.kind]}</span>
                      <ItemLink game={game} />
                    </th>
                    <td className={`${bodyCell} break-words`}>
                      {game.prediction ?? '—'}
                      <span className="block text-xs text-emerald-100/70">
                        <ReadAs market={game.market} />
                      </span>
                    </td>
                    <td className={bodyCell}>
                      <CodeResultBadge result={game.outcome} />
                    </td>
                    <td className={bodyCell}>
                      <CodeResultBadge result={game.itemResult} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-3 sm:hidden" aria-label="Games on this match">
            {games.map((game) => (
              <li
                key={`${game.kind}-${game.itemId}-${game.prediction}`}
                className={`${card} bg-emerald-950/40`}
              >
                <p className="text-xs text-emerald-200/70">{itemKindLabels[game.kind]}</p>
                <ItemLink game={game} />
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-emerald-200/60">Prediction</dt>
                  <dd className="break-words">{game.prediction ?? '—'}</dd>
                  <dt className="text-emerald-200/60">Reading</dt>
                  <dd>
                    <ReadAs market={game.market} />
                  </dd>
                  <dt className="text-emerald-200/60">Game</dt>
                  <dd>
                    <CodeResultBadge result={game.outcome} />
                  </dd>
                  <dt className="text-emerald-200/60">Item result</dt>
                  <dd>
                    <CodeResultBadge result={game.itemResult} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
