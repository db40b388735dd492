import { bookmakerUrl, codeMessages } from '@cashtips/contract/booking-codes';
import { ConfidenceBadge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons/arrow-left-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useBookingPurchased } from '../api/get-purchased-codes.ts';
import { CheckCodeLink } from './check-code-link.tsx';
import { isExpired, OddsBadge, StatusBadges } from './code-badges.tsx';
import { CodeWithCopy } from './code-copy-button.tsx';
import { CodeProblem } from './code-detail.tsx';
import { CodeGames, UsageInstructions } from './code-games.tsx';
import { MoneyBackNote } from './money-back-note.tsx';

function BackToMyCodes() {
  return (
    <Link to={paths.myCodes} className={buttonVariants.secondary}>
      <ArrowLeftIcon className="size-4" />
      Back to My Codes
    </Link>
  );
}

/** /booking/:id: a bought code in full; the id is the purchase record's or the code's. */
export function PurchasedCodeDetail({ id }: { id: string }) {
  const query = useBookingPurchased();
  const money = useMoney();
  if (query.isError && !query.data) {
    return (
      <CodeProblem
        title={errorMessage(query.error, codeMessages.bookingLoadFailed)}
        action={<BackToMyCodes />}
      />
    );
  }
  if (!query.data) {
    return (
      <div role="status" aria-label="Loading code details" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  }
  const item = query.data.find((record) => record._id === id || record.codeId === id);
  if (!item) {
    return (
      <CodeProblem
        title={codeMessages.notFound}
        message="This code is not in your purchased list."
        action={<BackToMyCodes />}
      />
    );
  }
  const { code } = item;
  const site = code.bookmakerUrl ?? bookmakerUrl(code.bookmaker);
  return (
    <div className="flex flex-col gap-5">
      <LiveMatchUpdates />
      <Link
        to={paths.myCodes}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-xl text-sm font-semibold text-lime-300 hover:text-lime-200"
      >
        <ArrowLeftIcon className="size-4" />
        Back to My Codes
      </Link>
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {code.bookmaker} booking code
        </h1>
        <p className="text-sm text-emerald-100/75">
          Bought {formatDateTime(item.createdAt)} for {money.format(item.pricePaid)} from the{' '}
          {item.walletType} wallet
        </p>
        <StatusBadges code={code} expired={isExpired(code)} />
        <MoneyBackNote
          code={code}
          refund={
            item.pricePaid > 0 ? { amount: money.format(item.pricePaid), wallet: item.walletType } : null
          }
        />
      </header>
      <section
        aria-label="Booking code"
        className="flex flex-col gap-4 rounded-2xl border border-lime-300/30 bg-gradient-to-br from-lime-400/15 to-emerald-900/40 p-5"
      >
        <CodeWithCopy code={code.bookingCode} purchased size="page" />
        <CheckCodeLink bookmaker={code.bookmaker} code={code.bookingCode} className="self-start" />
        <div className="flex flex-wrap items-center gap-3 text-sm text-emerald-100/85">
          <span>
            Odds <span className="font-bold text-white">{code.totalOdds.toFixed(2)}</span>
          </span>
          <OddsBadge odds={code.totalOdds} />
          <ConfidenceBadge confidence={code.confidence} />
          <span>
            Expires in <Countdown expiresAt={code.expiresAt} />
          </span>
        </div>
        {site && (
          <a
            href={site}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonVariants.primary} sm:self-start`}
          >
            Open {code.bookmaker}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </section>
      <UsageInstructions bookmaker={code.bookmaker} url={site} />
      {code.adminNote && (
        <section aria-labelledby="note-title" className="card gap-2 p-5">
          <h2 id="note-title" className="text-sm font-bold text-white">
            Note from the tipster
          </h2>
          <p className="text-sm whitespace-pre-line text-emerald-100/85">{code.adminNote}</p>
        </section>
      )}
      <section aria-labelledby="games-title" className="flex flex-col gap-3">
        <h2 id="games-title" className="text-lg font-bold text-white">
          Games ({code.games.length})
        </h2>
        <CodeGames games={code.games} />
      </section>
    </div>
  );
}
