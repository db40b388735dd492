import type { BookingCodeGame } from '@cashtips/contract/booking-codes';
import { MatchList } from '../../../components/ui/match-list.tsx';

/** The games of a code; picks and per-game odds arrive only for its buyers (the server sends null otherwise). */
export function CodeGames({ games }: { games: BookingCodeGame[] }) {
  return <MatchList games={games} lockedPick="Pick unlocks after purchase" />;
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
