import { describeMarket, parseMarket } from '@cashtips/contract/markets';

export const NOT_A_MARKET = 'Not a market we settle from scores: settle it by hand.';

/**
 * What a typed prediction is read as, the same way the server reads it when a score is recorded:
 * 'Arsenal to win', or null when it is settled by hand (corners, scorers, anything unknown).
 */
export function readMarket(prediction: string, teams: { home: string; away: string }): string | null {
  if (!prediction.trim()) return null;
  const market = parseMarket(prediction, teams);
  return market ? describeMarket(market, teams) : null;
}

function HintText({ prediction, home, away }: { prediction: string; home: string; away: string }) {
  if (!prediction.trim()) return <>What the tip says, e.g. Home win, Over 2.5 goals or BTTS yes.</>;
  const market = readMarket(prediction, { home: home.trim() || 'Home', away: away.trim() || 'Away' });
  if (!market) return <span className="text-amber-200">{NOT_A_MARKET}</span>;
  return (
    <>
      Read as: <span className="font-semibold text-lime-200">{market}</span>. It settles from the final score.
    </>
  );
}

/**
 * The line under a prediction field: how it will be settled, updated as the admin types. Two lines
 * are kept on phones (one from tablets up) so the fields below do not move as it changes.
 */
export function MarketHint(props: { prediction: string; home: string; away: string }) {
  return (
    <span className="block min-h-8 sm:min-h-4">
      <HintText {...props} />
    </span>
  );
}
