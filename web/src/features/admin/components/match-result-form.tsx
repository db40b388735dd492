import {
  type AdminMatch,
  itemKindLabels,
  type MatchResultRequest,
  type MatchResultResponse,
  type SettledItem,
  scoreText,
} from '@cashtips/contract/matches';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useRecordMatchResult } from '../api/record-match-result.ts';
import { itemPath } from '../utils/admin-paths.ts';
import { serverFieldErrors } from '../utils/form-draft.ts';
import { formatDateTime, itemName } from '../utils/format.ts';
import {
  draftFromMatch,
  hasResult,
  type MatchResultDraft,
  validateMatchResultDraft,
} from '../utils/match-result-draft.ts';
import { CodeResultBadge } from './badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { countText, matchTitle } from './matches-list.tsx';
import { TextAreaField } from './text-area-field.tsx';

/** 'Real Madrid 2-1 Getafe', or 'Real Madrid vs Getafe as void'. */
function resultText(match: AdminMatch, result: MatchResultRequest): string {
  if (result.status === 'void') return `${matchTitle(match)} as void`;
  return `${match.homeTeam} ${result.homeGoals}-${result.awayGoals} ${match.awayTeam}`;
}

/** What the match has now, in words: 'Recorded 2-1 on 24 Nov 2026, 18:00', or nothing yet. */
function recordedText(match: AdminMatch): string {
  const when = match.resultAt ? ` on ${formatDateTime(match.resultAt)}` : '';
  if (match.status === 'void') return `Recorded as void${when}.`;
  const score = scoreText(match.score);
  return score ? `Recorded ${score}${when}.` : 'No result yet.';
}

/** The items a recorded result settled: each with its kind and the result it moved from and to. */
function SettledItems({ items }: { items: SettledItem[] }) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 id={titleId} className="text-sm font-semibold text-white">
        Settled by this result
      </h3>
      <ul aria-labelledby={titleId} className="mt-2 flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={`${item.kind}-${item.itemId}`}
            className="rounded-xl border border-emerald-800/70 bg-emerald-950/40 px-3 py-2 text-sm"
          >
            <p className="text-xs text-emerald-200/70">{itemKindLabels[item.kind]}</p>
            <Link
              to={itemPath(item.kind, item.itemId)}
              className="rounded font-semibold break-words text-white underline-offset-4 hover:underline"
            >
              {itemName(item.kind, item.itemTitle) || itemKindLabels[item.kind]}
            </Link>
            <p className="mt-1 flex flex-wrap items-center gap-1.5">
              <CodeResultBadge result={item.before} />
              <span aria-hidden="true">→</span>
              <span className="sr-only">to</span>
              <CodeResultBadge result={item.after} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Result card of a match: both teams' goals, or void (postponed or abandoned). Saving settles every
 * game read from the score and each item those decide, after a confirmation; a match that already has a
 * result changes only with a reason. The server's message and the items it settled show under the button.
 */
export function MatchResultForm({ match }: { match: AdminMatch }) {
  const mutation = useRecordMatchResult(match._id);
  const [draft, setDraft] = useState<MatchResultDraft>(() => draftFromMatch(match));
  const [review, setReview] = useState<MatchResultRequest | null>(null);
  const [saved, setSaved] = useState<MatchResultResponse | null>(null);
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<string>();
  const titleId = useId();
  const correcting = hasResult(match);
  const set = <K extends keyof MatchResultDraft>(key: K, value: MatchResultDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setSaved(null);
    setFormError(null);
    const result = validateMatchResultDraft(draft, match);
    if (!result.ok) {
      setFormError('Check the highlighted fields.');
      reject(result.errors);
      return;
    }
    setErrors({});
    setReview(result.body);
  };

  const onConfirm = async () => {
    if (!review) return;
    try {
      setSaved(await mutation.mutateAsync(review));
      set('reason', '');
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) reject(serverFieldErrors(error.errors));
      setFormError(errorMessage(error, 'The result was not saved. Please try again.'));
    }
    setReview(null);
  };

  const waiting = match.pendingItems;
  return (
    <section aria-labelledby={titleId} className="card p-5">
      <h2 id={titleId} className="text-base font-bold text-white">
        Result
      </h2>
      <p className="mt-1 text-sm text-emerald-100/75">{recordedText(match)}</p>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label={`Result of ${matchTitle(match)}`}
        className="mt-4 flex flex-col gap-3"
      >
        <Checkbox
          label="Void (postponed or abandoned)"
          name="void"
          className="min-h-11"
          checked={draft.void}
          onChange={(event) => set('void', event.target.checked)}
        />
        <div className="grid items-end gap-x-3 gap-y-2 min-[24rem]:grid-cols-2">
          <TextField
            label={`${match.homeTeam} goals`}
            name="homeGoals"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            disabled={draft.void}
            value={draft.homeGoals}
            onChange={(event) => set('homeGoals', event.target.value)}
            error={draft.void ? undefined : errors.homeGoals}
          />
          <TextField
            label={`${match.awayTeam} goals`}
            name="awayGoals"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            disabled={draft.void}
            value={draft.awayGoals}
            onChange={(event) => set('awayGoals', event.target.value)}
            error={draft.void ? undefined : errors.awayGoals}
          />
        </div>
        {(correcting || errors.reason) && (
          <TextAreaField
            label="Reason for the change (required)"
            name="reason"
            hint="Kept in the audit log with the old and the new result."
            maxLength={500}
            rows={2}
            required
            value={draft.reason}
            onChange={(event) => set('reason', event.target.value)}
            error={errors.reason}
          />
        )}
        <FormAlert message={formError} />
        <Button type="submit" loading={mutation.isPending} className="w-full">
          {correcting ? 'Change result' : 'Save result'}
        </Button>
      </form>
      <div className="mt-3">
        <FormAlert tone="success" message={saved?.message} />
        {saved && <SettledItems items={saved.settled} />}
      </div>
      <ConfirmDialog
        open={review !== null}
        title={review ? `Record ${resultText(match, review)}?` : ''}
        confirmLabel="Record result"
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setReview(null)}
      >
        <p>
          Every game on it read from the score is settled now, and so is each item whose games are then all
          decided. Buyers and subscribers see the results at once.
        </p>
        <p className="mt-2">
          {waiting === 0
            ? 'No item is waiting on this match.'
            : `${countText(waiting, ['item is', 'items are'])} waiting on this match.`}
          {correcting && ' Items settled from its earlier result follow the new one.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
