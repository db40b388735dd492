import {
  type BookingCode,
  bookmakerUrl,
  codeMessages,
  confidenceTone,
} from '@cashtips/contract/booking-codes';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { RestrictionNotice } from '../../../components/restriction-notice.tsx';
import { confidenceTextClasses } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Countdown, useTimeLeft } from '../../../components/ui/countdown.tsx';
import { LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle-icon.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons/arrow-left-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import { toast } from '../../../lib/toast.ts';
import { useBookingCode } from '../api/get-booking-code.ts';
import { useLiveBuyerCounts } from '../api/use-live-buyer-counts.ts';
import { CheckCodeLink } from './check-code-link.tsx';
import { categoryRecord, codeTakeUp, isExpired, OddsBadge, StatusBadges } from './code-badges.tsx';
import { CodeWithCopy } from './code-copy-button.tsx';
import { CodeGames, UsageInstructions } from './code-games.tsx';
import { MoneyBackNote } from './money-back-note.tsx';
import { PurchaseModal } from './purchase-modal.tsx';

export const purchasedDetailPath = (id: string) => `${paths.booking}/${encodeURIComponent(id)}`;

function BackToCodes() {
  return (
    <Link to={paths.bookingCodes} className={buttonVariants.secondary}>
      <ArrowLeftIcon className="size-4" />
      Back to Codes
    </Link>
  );
}

/** A failed or empty load in place of the page, with the way back to the list. */
const settledLabels = { won: 'Won', lost: 'Lost', void: 'Void' } as const;

export function CodeProblem({
  title,
  message,
  action,
}: {
  title: string;
  message?: string;
  action: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-rose-400/30 bg-rose-500/5 px-5 py-10 text-center"
    >
      <AlertCircleIcon className="size-10 text-rose-300" />
      <div>
        <h1 className="text-xl font-bold text-white">{title}</h1>
        {message && <p className="mt-1 text-sm text-emerald-100/75">{message}</p>}
      </div>
      {action}
    </div>
  );
}

/** /booking-codes/:id */
export function BookingCodeDetail({ id }: { id: string }) {
  const query = useBookingCode(id);
  useLiveBuyerCounts();
  const failedToasted = useRef(false);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (query.isError && !notFound && !failedToasted.current) {
      failedToasted.current = true;
      toast.error(codeMessages.detailLoadFailed);
    }
    if (!query.isError) failedToasted.current = false;
  }, [query.isError, notFound]);

  if (query.data) return <CodeView code={query.data} />;
  if (notFound) {
    return (
      <CodeProblem
        title={codeMessages.notFound}
        message="This booking code does not exist or was removed."
        action={<BackToCodes />}
      />
    );
  }
  if (query.isError) {
    return (
      <CodeProblem
        title={codeMessages.detailLoadFailed}
        message={errorMessage(query.error, 'Please try again.')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <BackToCodes />
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              Retry
            </Button>
          </div>
        }
      />
    );
  }
  return (
    <div role="status" aria-label="Loading booking code" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-32 rounded-2xl" />
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}

function CodeView({ code }: { code: BookingCode }) {
  const money = useMoney();
  const { token } = useSession();
  const location = useLocation();
  const wantsToBuy = (location.state as { buy?: boolean } | null)?.buy === true;
  const left = useTimeLeft(code.expiresAt);
  const expired = left <= 0 || isExpired(code);
  // A settled code's time left means nothing (its games are over): the result shows instead.
  const settledLabel = code.result === 'pending' ? null : settledLabels[code.result];
  const soldOut = code.soldOut;
  const restricted = useRestriction() !== null;
  const canBuy = !code.alreadyPurchased && !expired && !soldOut && !restricted;
  const [buying, setBuying] = useState(wantsToBuy && canBuy);
  const site = code.bookmakerUrl ?? bookmakerUrl(code.bookmaker);
  const record = categoryRecord(code);
  const takeUp = codeTakeUp(code);

  const onBuy = () => {
    if (!token) {
      toast.error(codeMessages.loginToPurchase);
      return;
    }
    setBuying(true);
  };

  return (
    <div className="flex flex-col gap-5">
      <LiveMatchUpdates />
      <Link
        to={paths.bookingCodes}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-xl text-sm font-semibold text-lime-300 hover:text-lime-200"
      >
        <ArrowLeftIcon className="size-4" />
        Back to Codes
      </Link>
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {code.bookmaker} booking code
        </h1>
        <StatusBadges code={code} expired={expired} />
      </header>

      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-5">
          <section
            aria-label="Booking code"
            className="flex flex-col gap-4 rounded-2xl border border-lime-300/30 bg-gradient-to-br from-lime-400/15 to-emerald-900/40 p-5"
          >
            <CodeWithCopy
              code={code.bookingCode}
              purchased={code.alreadyPurchased}
              testId="booking-code"
              size="page"
            />
            <CheckCodeLink
              bookmaker={code.bookmaker}
              code={code.alreadyPurchased ? code.bookingCode : undefined}
              className="self-start"
            />
            <p className="flex items-center gap-2 text-sm text-emerald-100/75 lg:hidden">
              {settledLabel ? (
                <>
                  Settled: <span className="font-bold text-white">{settledLabel}</span>
                </>
              ) : (
                <>
                  Expires in <Countdown expiresAt={code.expiresAt} />
                </>
              )}
            </p>
            {!code.alreadyPurchased && (
              <p className="text-sm text-emerald-100/75">
                Only the first characters show until you buy this code.
              </p>
            )}
            <MoneyBackNote code={code} />
            <div className="flex flex-wrap gap-2">
              {code.alreadyPurchased ? (
                <Link
                  to={purchasedDetailPath(code._id)}
                  className={`${buttonVariants.primary} flex-1 whitespace-nowrap sm:flex-none`}
                >
                  View Details
                </Link>
              ) : (
                <Button className="flex-1 whitespace-nowrap sm:flex-none" disabled={!canBuy} onClick={onBuy}>
                  {expired
                    ? 'Expired'
                    : soldOut
                      ? 'Sold out'
                      : restricted
                        ? 'Purchases closed'
                        : `Buy Now · ${money.format(code.price)}`}
                </Button>
              )}
              {site && (
                <a
                  href={site}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${buttonVariants.secondary} flex-1 whitespace-nowrap sm:flex-none`}
                >
                  Open {code.bookmaker}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </div>
            {!code.alreadyPurchased && <RestrictionNotice />}
          </section>

          {code.alreadyPurchased && <UsageInstructions bookmaker={code.bookmaker} url={site} />}

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
        <aside className="flex flex-col gap-4 lg:order-last">
          <div className="card hidden items-center gap-1 p-5 text-center lg:flex">
            {settledLabel ? (
              <>
                <p className="text-xs font-medium text-emerald-200/70">Settled</p>
                <p className="text-2xl font-bold text-white">{settledLabel}</p>
              </>
            ) : (
              <>
                <p className="text-xs font-medium text-emerald-200/70">Expires in</p>
                <Countdown expiresAt={code.expiresAt} className="text-2xl" />
              </>
            )}
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Stat
              label="Total odds"
              value={code.totalOdds.toFixed(2)}
              extra={<OddsBadge odds={code.totalOdds} />}
            />
            <Stat label="Price" value={money.format(code.price)} />
            {/* The figure in the spec's colour: a "95% confidence" pill beside it overflowed the cell at 320 px. */}
            <Stat
              label="Confidence"
              value={`${code.confidence}%`}
              tone={confidenceTextClasses[confidenceTone(code.confidence)]}
            />
            <Stat label={record.label} value={record.value} extra={record.note} />
            <Stat label={takeUp.label} value={takeUp.value} testId="take-up" />
          </dl>
        </aside>
      </div>

      <PurchaseModal code={code} open={buying && canBuy} onClose={() => setBuying(false)} />
    </div>
  );
}

function Stat({
  label,
  value,
  extra,
  testId,
  tone = 'text-white',
}: {
  label: string;
  value: string;
  extra?: ReactNode;
  testId?: string;
  /** The value's colour. */
  tone?: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-emerald-800/70 bg-emerald-900/35 px-3 py-3">
      <dt className="text-xs font-medium text-emerald-200/70">{label}</dt>
      {/* Breaks between words ("12 of 50 left"), never inside a number ("₦2,50" / "0"). */}
      <dd data-testid={testId} className={`text-lg font-bold wrap-normal tabular-nums ${tone}`}>
        {value}
      </dd>
      {extra && <dd className="text-xs leading-snug text-emerald-100/70">{extra}</dd>}
    </div>
  );
}
