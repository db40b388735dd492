import { codeCategoryLabels, codeMessages, type PurchasedCode } from '@cashtips/contract/booking-codes';
import { useMemo, useState } from 'react';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { copyText } from '../../../components/ui/copy-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GameViewLiveState, LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle-icon.tsx';
import { BookmarkIcon } from '../../../components/ui/icons/bookmark-icon.tsx';
import { ShareIcon } from '../../../components/ui/icons/share-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { usePurchaseSummary } from '../api/get-purchase-summary.ts';
import { usePurchasedCodes } from '../api/get-purchased-codes.ts';
import { useRemovePurchasedCode } from '../api/remove-purchased-code.ts';
import { CheckCodeLink } from './check-code-link.tsx';
import { isExpired, OddsBadge, StatusBadges } from './code-badges.tsx';
import { codeDetailPath } from './code-card.tsx';
import { CodeWithCopy } from './code-copy-button.tsx';
import { purchasedDetailPath } from './code-detail.tsx';

export const myCodeSorts = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'price-desc': 'Price: high to low',
  'odds-desc': 'Odds: high to low',
} as const;
export type MyCodeSort = keyof typeof myCodeSorts;
type StatusFilter = 'all' | 'active' | 'expired';

export function sortPurchases(items: readonly PurchasedCode[], sort: MyCodeSort): PurchasedCode[] {
  const time = (item: PurchasedCode) => Date.parse(item.createdAt) || 0;
  const sorted = [...items];
  if (sort === 'newest') sorted.sort((a, b) => time(b) - time(a));
  if (sort === 'oldest') sorted.sort((a, b) => time(a) - time(b));
  if (sort === 'price-desc') sorted.sort((a, b) => b.pricePaid - a.pricePaid);
  if (sort === 'odds-desc') sorted.sort((a, b) => b.code.totalOdds - a.code.totalOdds);
  return sorted;
}

/** /my-codes: what the user bought, with figures, filter, sort, copy, share and remove. */
export function MyCodes() {
  const query = usePurchasedCodes();
  const money = useMoney();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<MyCodeSort>('newest');
  const [removing, setRemoving] = useState<PurchasedCode | null>(null);
  const items = query.data;

  // From the server, over every purchase: cards removed from the list still count.
  const { data: stats } = usePurchaseSummary();

  const shown = useMemo(() => {
    const list = (items ?? []).filter((item) => {
      if (filter === 'all') return true;
      return filter === 'expired' ? isExpired(item.code) : !isExpired(item.code);
    });
    return sortPurchases(list, sort);
  }, [items, filter, sort]);

  if (query.isError && !items) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-rose-400/30 bg-rose-500/5 px-5 py-10 text-center"
      >
        <AlertCircleIcon className="size-8 text-rose-300" />
        <p className="font-semibold text-white">{codeMessages.myCodesLoadFailed}</p>
        <p className="text-sm text-emerald-100/75">{errorMessage(query.error, 'Please try again.')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          Retry
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <LiveMatchUpdates />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Codes bought" value={stats && String(stats.bought)} />
        <Figure label="Total spent" value={stats && money.format(stats.spent)} />
        <Figure label="Active / expired" value={stats && `${stats.active} / ${stats.expired}`} />
        <Figure label="Won / lost" value={stats && `${stats.won} / ${stats.lost}`} />
      </dl>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <fieldset className="flex rounded-xl border border-emerald-700 p-1">
          <legend className="sr-only">Show</legend>
          {(['all', 'active', 'expired'] as const).map((option) => (
            <label
              key={option}
              className={`flex min-h-10 cursor-pointer items-center rounded-lg px-4 text-sm font-semibold capitalize has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lime-300 ${
                filter === option ? 'bg-lime-400 text-emerald-950' : 'text-emerald-100'
              }`}
            >
              <input
                type="radio"
                name="my-codes-filter"
                value={option}
                checked={filter === option}
                onChange={() => setFilter(option)}
                className="sr-only"
              />
              {option}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-xs font-medium text-emerald-200/80">
          Sort by
          <select
            name="sort"
            value={sort}
            onChange={(event) => setSort(event.target.value as MyCodeSort)}
            className="min-h-11 rounded-xl border border-emerald-700 bg-emerald-950/70 px-3 text-sm text-white"
          >
            {Object.entries(myCodeSorts).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {!items ? (
        <div role="status" aria-label="Loading your codes" className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-64 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<BookmarkIcon className="size-6" />}
          title={items.length === 0 ? 'No codes yet' : 'No codes here'}
          message={
            items.length === 0
              ? 'Codes you buy appear here with their full booking code.'
              : 'No purchased code matches this filter.'
          }
          action={
            <Link to={paths.bookingCodes} className={buttonVariants.primary}>
              Browse booking codes
            </Link>
          }
        />
      ) : (
        <ul aria-label="Purchased codes" className="grid gap-4 md:grid-cols-2">
          {shown.map((item) => (
            <li key={item._id} className="flex">
              <PurchasedCodeCard item={item} onRemove={() => setRemoving(item)} />
            </li>
          ))}
        </ul>
      )}
      <RemoveDialog item={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="rounded-xl border border-emerald-800/70 bg-emerald-900/35 px-3 py-3">
      <dt className="text-xs font-medium text-emerald-200/70">{label}</dt>
      <dd className="mt-1 h-7 text-lg font-bold text-white tabular-nums">
        {value ?? <Skeleton className="mt-1 h-5 w-16" />}
      </dd>
    </div>
  );
}

export async function shareCode(item: PurchasedCode): Promise<void> {
  const url = `${window.location.origin}${codeDetailPath(item.codeId)}`;
  const text = `${item.code.bookmaker} booking code, ${item.code.totalOdds.toFixed(2)} odds`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Booking code', text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyText(url)) toast.success('Link copied to clipboard!');
  else toast.error('Could not copy. Select the text and copy it instead.');
}

export function PurchasedCodeCard({ item, onRemove }: { item: PurchasedCode; onRemove?: () => void }) {
  const money = useMoney();
  const { code } = item;
  const expired = isExpired(code);
  return (
    <article aria-label={`${code.bookmaker} code ${code.bookingCode}`} className="card w-full gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-emerald-200/80 uppercase">
            {codeCategoryLabels[code.category]} · {code.bookmaker}
          </p>
          {code.games.length === 0 && (
            <p className="mt-1 font-semibold text-white">
              {code.teamA} vs {code.teamB}
            </p>
          )}
          <p className="mt-1 text-xs text-emerald-100/70">
            Bought {formatDateTime(item.createdAt)} · {money.format(item.pricePaid)}
          </p>
        </div>
        <OddsBadge odds={code.totalOdds} />
      </div>
      <StatusBadges code={code} expired={expired} />
      {code.games.length > 0 && <CodeGameStates games={code.games} />}
      <CodeWithCopy boxed code={code.bookingCode} purchased size="lg" />
      <CheckCodeLink bookmaker={code.bookmaker} code={code.bookingCode} className="-my-2 self-start" />
      <div className="mt-auto grid grid-cols-2 gap-2 sm:flex">
        <Link to={purchasedDetailPath(item._id)} className={`${buttonVariants.primary} col-span-2 sm:flex-1`}>
          View Details
        </Link>
        <button
          type="button"
          className={`${buttonVariants.secondary} px-3`}
          onClick={() => void shareCode(item)}
        >
          <ShareIcon className="size-4" />
          Share
        </button>
        {onRemove && (
          <button
            type="button"
            className={`${buttonVariants.secondary} px-3 text-rose-200`}
            onClick={onRemove}
          >
            Remove
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * Each game of a bought code with how it stands: its kickoff until it starts, then live, the final
 * score and the pick's own result.
 */
function CodeGameStates({ games }: { games: PurchasedCode['code']['games'] }) {
  return (
    <ul aria-label="Games" className="flex flex-col gap-2">
      {games.map((game) => (
        <li
          key={`${game.matchId}|${game.teamA}|${game.teamB}`}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
        >
          <span className="font-semibold text-white">
            {game.teamA} vs {game.teamB}
          </span>
          <GameViewLiveState
            game={game}
            outcome={game.outcome}
            idle={<span className="text-xs text-emerald-100/70">{formatDateTime(game.kickoff)}</span>}
          />
        </li>
      ))}
    </ul>
  );
}

function RemoveDialog({ item, onClose }: { item: PurchasedCode | null; onClose: () => void }) {
  const remove = useRemovePurchasedCode();
  if (!item) return null;
  const confirm = () =>
    remove.mutate(item._id, {
      onSuccess: (response) => {
        toast.success(response.message || codeMessages.removed);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not remove the code.')),
    });
  return (
    <Modal open onClose={onClose} title="Remove code" description={codeMessages.removeConfirm}>
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          Cancel
        </Button>
        <Button className="flex-1 bg-rose-400 hover:bg-rose-300" loading={remove.isPending} onClick={confirm}>
          Remove
        </Button>
      </div>
    </Modal>
  );
}
