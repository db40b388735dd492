import { itemKindLabels, scoreText, type ToSettleItem } from '@cashtips/contract/matches';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSettleItem } from '../api/settle-item.ts';
import { adminPaths, itemPath } from '../utils/admin-paths.ts';
import { codeResultLabels, formatDateTime, itemName, sentenceStart } from '../utils/format.ts';
import { Badge, CodeResultBadge } from './badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { SettleResult } from './settle-panel.tsx';

type QueueGame = ToSettleItem['games'][number];

const linkClass = 'rounded font-semibold text-lime-300 underline-offset-4 hover:underline';

const settleButtons: readonly { result: SettleResult; className: string }[] = [
  { result: 'won', className: 'bg-lime-400 text-emerald-950 hover:bg-lime-300' },
  { result: 'lost', className: 'bg-rose-400 text-rose-950 hover:bg-rose-300' },
  { result: 'void', className: 'btn-secondary' },
];

/** 'the Weekend Banker tip for Tue 24 Nov', 'the free tip Arsenal vs Chelsea': the server writes titles for running text. */
const subjectOf = (item: Pick<ToSettleItem, 'kind' | 'itemTitle'>) =>
  `the ${item.itemTitle || itemKindLabels[item.kind].toLowerCase()}`;

/** A game waits for a score (none recorded yet) or for a hand (its prediction is not read from scores). */
const waitsForScore = (game: QueueGame) => game.outcome === 'pending' && game.matchStatus === 'scheduled';
const waitsForHand = (game: QueueGame) => game.outcome === 'pending' && game.matchStatus !== 'scheduled';

/** One game of a waiting item: the match (a link to its score form), the pick, and what it waits for. */
function GameRow({ game }: { game: QueueGame }) {
  const score = scoreText(game.score);
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-emerald-800/60 bg-emerald-950/40 px-3 py-2.5 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <Link to={adminPaths.match(game.matchId)} className={`${linkClass} break-words`}>
          {game.match}
        </Link>
        <p className="break-words text-emerald-50">
          {game.prediction ?? 'No prediction'}
          <span className="text-emerald-100/70">
            {' · '}
            {game.market ? `read as ${game.market}` : 'settled by hand'}
          </span>
        </p>
      </div>
      <div className="shrink-0 sm:text-right">
        {waitsForScore(game) ? (
          <p>
            <span className="text-amber-200">No score yet. </span>
            <Link to={adminPaths.match(game.matchId)} className={linkClass}>
              Enter the score <span className="sr-only">of {game.match}</span>
            </Link>
          </p>
        ) : waitsForHand(game) ? (
          <p className="text-amber-200">
            {score ? `Score ${score}: ` : 'Match void: '}
            settle by hand
          </p>
        ) : (
          <p className="flex items-center gap-2 sm:justify-end">
            {score && <span className="font-semibold text-white">{score}</span>}
            <CodeResultBadge result={game.outcome} />
          </p>
        )}
      </div>
    </li>
  );
}

/** What the item waits for, said above its settle buttons. */
function waitingHint(item: ToSettleItem): string {
  const forScore = item.games.some(waitsForScore);
  const forHand = item.games.some(waitsForHand);
  if (forHand && !forScore)
    return 'Its scores are in, but not every pick is read from a score: settle it by hand.';
  if (forScore && !forHand) return 'Enter the missing score and it settles itself, or settle it by hand.';
  if (forScore) return 'Enter the missing score, then settle what is left by hand.';
  return 'Settle it by hand.';
}

interface QueueCardProps {
  item: ToSettleItem;
  onSettled: (text: string) => void;
}

/** One waiting item: its kind, its games and Won / Lost / Void through its kind's settle endpoint. */
function QueueCard({ item, onSettled }: QueueCardProps) {
  const mutation = useSettleItem();
  const [review, setReview] = useState<SettleResult | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const reasonId = useId();
  const subject = subjectOf(item);
  const name = itemName(item.kind, item.itemTitle) || itemKindLabels[item.kind];

  const onConfirm = async () => {
    if (!review) return;
    const given = reason.trim();
    try {
      const result = await mutation.mutateAsync({
        kind: item.kind,
        itemId: item.itemId,
        result: review,
        ...(given && { reason: given }),
      });
      onSettled(`${sentenceStart(subject)} settled as ${codeResultLabels[result]}.`);
    } catch (failed) {
      setError(errorMessage(failed, 'It was not settled. Please try again.'));
    }
    setReview(null);
    setReason('');
  };

  return (
    <li>
      <article aria-labelledby={titleId} className="card flex flex-col gap-3 p-4 sm:p-5">
        <header className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="muted">{itemKindLabels[item.kind]}</Badge>
            <h2 id={titleId} className="text-base font-bold break-words text-white">
              <Link
                to={itemPath(item.kind, item.itemId)}
                className="rounded underline-offset-4 hover:underline"
              >
                {name}
              </Link>
            </h2>
          </div>
          <p className="text-sm text-emerald-100/75">
            Last game kicked off {formatDateTime(item.lastKickoff)}
          </p>
        </header>
        <ul className="flex flex-col gap-2" aria-label={`Games of ${name}`}>
          {item.games.map((game) => (
            <GameRow key={`${game.matchId}-${game.prediction}`} game={game} />
          ))}
        </ul>
        <div className="border-t border-emerald-800/60 pt-3">
          <p className="text-sm text-emerald-100/75">{waitingHint(item)}</p>
          <div className="mt-2 grid grid-cols-3 gap-2 sm:max-w-sm">
            {settleButtons.map((option) => (
              <button
                key={option.result}
                type="button"
                className={`btn min-h-11 px-2 ${option.className}`}
                disabled={mutation.isPending}
                aria-label={`Settle ${subject} as ${codeResultLabels[option.result]}`}
                onClick={() => {
                  setError(null);
                  setReview(option.result);
                }}
              >
                {codeResultLabels[option.result]}
              </button>
            ))}
          </div>
          <div className="has-[p]:mt-3">
            <FormAlert message={error} />
          </div>
        </div>
      </article>
      <ConfirmDialog
        open={review !== null}
        title={review ? `Settle ${subject} as ${codeResultLabels[review]}?` : ''}
        confirmLabel={review ? `Settle as ${codeResultLabels[review]}` : ''}
        tone={review === 'lost' ? 'danger' : 'primary'}
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setReview(null)}
      >
        <p>
          {item.kind === 'free'
            ? 'Free tips are public: the result shows at once and counts in the record.'
            : 'Everyone who paid for it sees the result at once.'}
        </p>
        <label htmlFor={reasonId} className="mt-4 block text-xs font-semibold text-emerald-100">
          Reason (optional, kept in the audit log)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 w-full rounded-xl border border-emerald-700 bg-emerald-950/60 px-3 py-2 text-sm text-white placeholder:text-emerald-200/50 focus:border-lime-300 focus:outline-none"
        />
      </ConfirmDialog>
    </li>
  );
}

/** The to-settle queue, oldest first, as cards (each item's games need the room a table row lacks). */
export function ToSettleList({
  items,
  onSettled,
}: {
  items: ToSettleItem[];
  onSettled: (text: string) => void;
}) {
  return (
    <ul className="flex flex-col gap-4" aria-label="Items to settle">
      {items.map((item) => (
        <QueueCard key={`${item.kind}-${item.itemId}`} item={item} onSettled={onSettled} />
      ))}
    </ul>
  );
}
