import type { AdminMatch } from '@cashtips/contract/matches';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys } from '../api/admin-query.ts';
import { useHoldMatch } from '../api/hold-match.ts';
import { useReleaseMatch } from '../api/release-match.ts';
import { formatDateTime } from '../utils/format.ts';
import { Figure, Figures } from './figure.tsx';
import { LiveState, providerLinkText, showsLive } from './match-football.tsx';
import { TextAreaField } from './text-area-field.tsx';

/** What the provider will do with this match's result, in words. */
function providerResultText(match: AdminMatch): string {
  if (match.status !== 'scheduled') return 'The result is recorded.';
  if (match.waitingReason) return 'Waiting for you: its figures disagree.';
  const pending = match.pendingResult;
  if (pending) {
    const result =
      pending.status === 'void'
        ? 'Void'
        : pending.score
          ? `${pending.score.home}-${pending.score.away}`
          : 'A result';
    return match.held
      ? `${result}, held until you release it.`
      : `${result}, to be recorded on ${formatDateTime(pending.recordAt)} unless you hold it.`;
  }
  return match.provider ? 'Nothing final yet.' : 'No provider follows this match: you record its result.';
}

/**
 * Hold (with an optional reason) or Release. A hold stops the provider recording the match's result; the
 * server's sentence comes as a toast, a refusal (already held, not held) under the button. Focus moves to
 * the control that replaces the one pressed, so a keyboard user is not sent back to the top.
 */
function HoldControl({ match }: { match: AdminMatch }) {
  const hold = useHoldMatch(match._id);
  const release = useReleaseMatch(match._id);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const focusAfter = useRef(false);
  const frameRef = useRef<HTMLDivElement>(null);

  const held = match.held;
  // The pressed button is gone once the hold changes: its successor (Release, or Hold match) takes focus.
  useEffect(() => {
    if (!focusAfter.current) return;
    focusAfter.current = false;
    const next = held ? 'release' : 'hold';
    frameRef.current?.querySelector<HTMLButtonElement>(`button[data-hold-action="${next}"]`)?.focus();
  }, [held]);

  const failed = (error: unknown, fallback: string) => {
    setFailure(errorMessage(error, fallback));
    // Already held or not held: someone else changed it; show the match as it now stands.
    if (error instanceof ApiError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: adminKeys.match(match._id) });
    }
  };

  const onHold = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hold.isPending) return;
    setFailure(null);
    try {
      const trimmed = reason.trim();
      const answer = await hold.mutateAsync(trimmed ? { reason: trimmed } : {});
      focusAfter.current = true;
      setReason('');
      toast.success(answer.message);
    } catch (error) {
      failed(error, 'The match was not held. Please try again.');
    }
  };

  const onRelease = async () => {
    if (release.isPending) return;
    setFailure(null);
    try {
      const answer = await release.mutateAsync();
      focusAfter.current = true;
      toast.success(answer.message);
    } catch (error) {
      failed(error, 'The match was not released. Please try again.');
    }
  };

  let controls: ReactNode = null;
  if (held) {
    controls = (
      <div className="mt-4 flex flex-col gap-3">
        <FormAlert message={failure} />
        <Button
          data-hold-action="release"
          variant="secondary"
          className="w-full"
          loading={release.isPending}
          onClick={() => void onRelease()}
        >
          Release
        </Button>
      </div>
    );
  } else if (match.status === 'scheduled') {
    controls = (
      <form
        noValidate
        onSubmit={(event) => void onHold(event)}
        aria-label={`Hold ${match.homeTeam} vs ${match.awayTeam}`}
        className="mt-4 flex flex-col gap-3"
      >
        <TextAreaField
          label="Reason for holding (optional)"
          name="holdReason"
          hint="Shown beside the match while it is held, and kept in the audit log."
          maxLength={500}
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormAlert message={failure} />
        <Button
          data-hold-action="hold"
          type="submit"
          variant="secondary"
          className="w-full"
          loading={hold.isPending}
        >
          Hold match
        </Button>
      </form>
    );
  }
  return <div ref={frameRef}>{controls}</div>;
}

/**
 * The match page's "Football data" card: which provider knows the match, its live state, what the
 * provider will record and when, a hold and its reason, and Hold / Release.
 */
export function MatchProviderPanel({ match }: { match: AdminMatch }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card p-5">
      <h2 id={titleId} className="text-base font-bold text-white">
        Football data
      </h2>
      <p className="mt-1 text-sm text-emerald-100/75">
        A provider’s result is recorded a few minutes after full time; hold the match to check it first.
      </p>
      <Figures>
        <Figure label="Source" wide>
          {providerLinkText(match)}
        </Figure>
        {showsLive(match) && (
          <Figure label="Live" wide>
            <LiveState live={match.live} />
          </Figure>
        )}
        <Figure label="Provider’s result" wide>
          {providerResultText(match)}
        </Figure>
        {match.held && (
          <Figure label="Held because" wide>
            {match.heldReason ?? 'No reason given.'}
          </Figure>
        )}
      </Figures>
      <HoldControl match={match} />
    </section>
  );
}
