import type { BookingCodeGame } from '@cashtips/contract/booking-codes';
import { formatDateTime } from '../../../lib/format.ts';

/** The games of a code; picks and per-game odds arrive only for its buyers (the server sends null otherwise). */
export function CodeGames({ games }: { games: BookingCodeGame[] }) {
  return (
    <ul aria-label="Games" className="flex flex-col gap-2">
      {games.map((game, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: games have no id and keep the admin's order
        <li key={index} className="flex items-start gap-3 rounded-xl border border-emerald-800/70 px-3 py-3">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-800 text-xs font-bold text-emerald-100">
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-white">
              {game.teamA} vs {game.teamB}
            </p>
            <p className="text-xs text-emerald-100/70">
              {game.league} · {formatDateTime(game.kickoff)}
            </p>
            {game.prediction !== null ? (
              <p className="mt-1 text-sm text-lime-300">
                Pick: <span className="font-semibold">{game.prediction}</span>
              </p>
            ) : (
              <p className="mt-1 text-xs text-emerald-200/60">Pick unlocks after purchase</p>
            )}
          </div>
          {game.odds !== null && (
            <span className="rounded-lg bg-emerald-950/60 px-2 py-1 text-sm font-bold text-white tabular-nums">
              {game.odds.toFixed(2)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** How to use a bought code at the bookmaker. */
export function UsageInstructions({ bookmaker, url }: { bookmaker: string; url: string | null }) {
  return (
    <section aria-labelledby="usage-title" className="card gap-3 p-5">
      <h2 id="usage-title" className="text-lg font-bold text-white">
        How to use this code
      </h2>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-emerald-100/85">
        <li>
          Open{' '}
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-lime-300 underline-offset-2 hover:underline"
            >
              {bookmaker}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            bookmaker
          )}{' '}
          and log in.
        </li>
        <li>Paste the code in "Load booking code".</li>
        <li>Check the games and odds on your bet slip.</li>
        <li>Enter your stake and place the bet.</li>
      </ol>
    </section>
  );
}
