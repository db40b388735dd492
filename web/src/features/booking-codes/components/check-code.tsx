import {
  type CheckCodeResponse,
  type CheckedLeg,
  checkCodeRequestSchema,
  checkedBookmakerLabel,
  checkedBookmakerLabels,
} from '@cashtips/contract/bookmakers';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { badgeClass } from '../../../components/ui/badge-class.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { GameLiveState, LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { SelectChevron, selectClass } from '../../../components/ui/select-parts.tsx';
import { inputBorder, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { formatLagosDateTime, formatLagosTime } from '../../../lib/format.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { checkCode } from '../api/check-code.ts';

type Field = 'bookmaker' | 'bookingCode';

const bookmakers = Object.entries(checkedBookmakerLabels);
const firstBookmaker = bookmakers[0]?.[1] ?? '';

/**
 * /check-code: paste a shared code, see its games as the bookmaker holds them now, with their kickoffs
 * in Lagos time, each game's live state or result, and whether any game has started.
 */
export function CheckCode() {
  const [search] = useSearchParams();
  const [bookmaker, setBookmaker] = useState(
    checkedBookmakerLabel(search.get('bookmaker') ?? '') ?? firstBookmaker,
  );
  const [bookingCode, setBookingCode] = useState(search.get('code') ?? '');
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CheckCodeResponse | null>(null);
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const selectId = useId();
  const resultRef = useRef<HTMLElement>(null);

  const run = async () => {
    setFormError(null);
    const parsed = checkCodeRequestSchema.safeParse({ bookmaker, bookingCode });
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    setChecking(true);
    try {
      setResult(await checkCode(parsed.data));
      // The answer is below the form: a screen reader and a phone's view go to it.
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (error) {
      setResult(null);
      if (error instanceof ApiError && error.errors.length > 0) reject(toFieldErrors<Field>(error.errors));
      else setFormError(errorMessage(error, 'The code could not be checked.'));
    } finally {
      setChecking(false);
    }
  };

  // Opened from a code with its booking code: check it at once (the link was the request).
  const ranFromLink = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code the link carried.
  useEffect(() => {
    if (ranFromLink.current || !search.get('code')) return;
    ranFromLink.current = true;
    void run();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checking) void run();
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Check a booking code</h1>
        <p className="text-sm leading-6 text-emerald-100/75">
          Paste a shared code to see its games as the bookmaker holds them now: the picks, their prices, the
          kickoffs in Lagos time, and whether any game has started. Codes from WhatsApp and Telegram groups
          often differ from what was advertised; check before you stake.
        </p>
      </header>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-1 rounded-2xl border border-emerald-800/70 bg-emerald-950/40 p-4 sm:p-5"
      >
        <div className="grid gap-x-3 sm:grid-cols-[12rem_1fr]">
          <div>
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-emerald-50">
              Bookmaker
            </label>
            <div className="relative">
              <select
                id={selectId}
                name="bookmaker"
                value={bookmaker}
                onChange={(event) => setBookmaker(event.target.value)}
                aria-invalid={errors.bookmaker ? true : undefined}
                className={`${selectClass} ${inputBorder(Boolean(errors.bookmaker))} appearance-none pr-10`}
              >
                {bookmakers.map(([key, label]) => (
                  <option key={key} value={label}>
                    {label}
                  </option>
                ))}
              </select>
              <SelectChevron />
            </div>
            <p className="mt-1 min-h-5 text-xs text-rose-300" role={errors.bookmaker ? 'alert' : undefined}>
              {errors.bookmaker}
            </p>
          </div>
          <TextField
            label="Booking code"
            name="bookingCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            maxLength={20}
            value={bookingCode}
            onChange={(event) => setBookingCode(event.target.value.replace(/\s+/g, ''))}
            error={errors.bookingCode}
          />
        </div>
        <FormAlert message={formError} />
        <Button type="submit" className="w-full sm:w-auto sm:self-start" loading={checking}>
          {checking ? 'Checking...' : 'Check code'}
        </Button>
      </form>
      {result && <CheckResult result={result} ref={resultRef} />}
    </div>
  );
}

function CheckResult({ result, ref }: { result: CheckCodeResponse; ref: Ref<HTMLElement> }) {
  const placeable = result.reasons.length === 0;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="check-result-heading"
      className="flex flex-col gap-4 rounded-2xl border border-emerald-800/70 bg-emerald-950/40 p-4 focus:outline-none sm:p-5"
    >
      <LiveMatchUpdates />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="check-result-heading" className="text-lg font-semibold text-white">
          {result.bookmakerLabel} · <span className="font-mono tracking-wider">{result.bookingCode}</span>
        </h2>
        <p className="text-sm text-emerald-100/75">
          Total odds{' '}
          <strong className="text-base text-white">
            {result.totalOdds === null ? '—' : result.totalOdds.toFixed(2)}
          </strong>
        </p>
      </div>
      <div
        className={`rounded-xl px-3 py-2 text-sm ${placeable ? 'bg-green-400/10 text-green-200' : 'bg-amber-400/10 text-amber-100'}`}
      >
        {placeable ? (
          <p>No game has started: the code can be placed as shared.</p>
        ) : (
          <>
            <p className="font-semibold">
              {result.anyStarted ? 'A game has started: ' : ''}the code can no longer be placed as shared.
            </p>
            <ul className="mt-1 list-disc pl-5">
              {result.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <ol aria-label="Games" className="flex flex-col divide-y divide-emerald-800/60">
        {result.legs.map((leg, index) => (
          <CheckedLegRow
            key={`${leg.homeTeam}-${leg.awayTeam}-${leg.market}-${leg.pick}`}
            leg={leg}
            position={index + 1}
          />
        ))}
      </ol>
      <p className="text-xs text-emerald-100/60">
        Read at {result.bookmakerLabel} {formatLagosTime(result.checkedAt)}. Prices move; the bookmaker’s slip
        is what you stake on.
      </p>
    </section>
  );
}

const stateWords = { 'not-started': null, live: 'Started', ended: 'Ended' } as const;

function CheckedLegRow({ leg, position }: { leg: CheckedLeg; position: number }) {
  const atBookmaker = stateWords[leg.state];
  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold text-white">
          <span className="sr-only">Game {position}: </span>
          {leg.homeTeam} v {leg.awayTeam}
        </p>
        <span className="shrink-0 text-sm font-semibold text-lime-300">
          {leg.odds === null ? '—' : leg.odds.toFixed(2)}
        </span>
      </div>
      <p className="text-sm text-emerald-100/80">
        {leg.market}: <strong className="text-white">{leg.pick}</strong>
      </p>
      <p className="text-xs text-emerald-100/65">
        {leg.league}
        {leg.country ? ` (${leg.country})` : ''} · {formatLagosDateTime(leg.kickoff)} Lagos time
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        {leg.match ? (
          <GameLiveState
            matchId={leg.match.id}
            live={leg.match.live}
            home={leg.homeTeam}
            away={leg.awayTeam}
          />
        ) : null}
        {atBookmaker && (!leg.match || leg.match.live.status === 'scheduled') && (
          <span className={`${badgeClass} bg-amber-400/15 text-amber-200`}>{atBookmaker}</span>
        )}
        {leg.outcome && (
          <span
            className={`${badgeClass} ${leg.outcome === 'won' ? 'bg-green-400/20 text-green-300' : 'bg-red-400/15 text-red-300'}`}
          >
            {leg.outcome === 'won' ? 'Won at the bookmaker' : 'Lost at the bookmaker'}
          </span>
        )}
      </div>
    </li>
  );
}
