import {
  type AdminBookingCode,
  codeCategories,
  codeCategoryLabels,
  MIN_BOOKING_CODE_LENGTH,
  type Urgency,
  urgencies,
  urgencyLabels,
} from '@cashtips/contract/booking-codes';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FieldError, inputBorder, inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useSaveBookingCode } from '../api/save-booking-code.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import {
  type BookingCodeDraft,
  draftFromCode,
  emptyDraft,
  emptyGame,
  type GameDraft,
  serverFieldErrors,
  validateDraft,
} from '../utils/booking-code-draft.ts';
import { bookmakerNames } from '../utils/format.ts';
import { SelectField } from './select-field.tsx';

const urgencyOptionLabels: Record<Urgency, string> = {
  high: `High (${urgencyLabels.high})`,
  medium: `Medium (${urgencyLabels.medium})`,
  low: `Low (${urgencyLabels.low})`,
};

const NOTE_MAX = 1000;
const MAX_GAMES = 50;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card min-w-0 p-4 sm:p-5">
      <h2 id={titleId} className="mb-3 text-base font-bold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface GameRowProps {
  index: number;
  game: GameDraft;
  errors: Partial<Record<string, string>>;
  canRemove: boolean;
  onChange: (patch: Partial<GameDraft>) => void;
  onRemove: () => void;
}

function GameRow({ index, game, errors, canRemove, onChange, onRemove }: GameRowProps) {
  const error = (field: keyof GameDraft) => errors[`games.${index}.${field}`];
  const rowError = errors[`games.${index}`];
  const label = `Game ${index + 1}`;
  return (
    <li className="rounded-xl border border-emerald-800/70 bg-emerald-950/40 p-3 sm:p-4">
      <fieldset className="min-w-0">
        <legend className="sr-only">{label}</legend>
        <div className="mb-2 flex min-h-10 items-center justify-between gap-3">
          <p aria-hidden="true" className="text-sm font-semibold text-amber-200">
            {label}
          </p>
          {canRemove && (
            <Button variant="ghost" className="min-h-10 px-3 text-sm text-rose-200" onClick={onRemove}>
              <span aria-hidden="true">Remove</span>
              <span className="sr-only">Remove {label.toLowerCase()}</span>
            </Button>
          )}
        </div>
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <TextField
            label="Team A"
            name={`games.${index}.teamA`}
            autoComplete="off"
            maxLength={80}
            value={game.teamA}
            onChange={(event) => onChange({ teamA: event.target.value })}
            error={error('teamA')}
          />
          <TextField
            label="Team B"
            name={`games.${index}.teamB`}
            autoComplete="off"
            maxLength={80}
            value={game.teamB}
            onChange={(event) => onChange({ teamB: event.target.value })}
            error={error('teamB')}
          />
          <TextField
            label="League"
            name={`games.${index}.league`}
            autoComplete="off"
            maxLength={80}
            value={game.league}
            onChange={(event) => onChange({ league: event.target.value })}
            error={error('league')}
          />
          <TextField
            label="Kickoff (Lagos time)"
            name={`games.${index}.kickoff`}
            type="datetime-local"
            value={game.kickoff}
            onChange={(event) => onChange({ kickoff: event.target.value })}
            error={error('kickoff')}
          />
          <TextField
            label="Prediction (optional)"
            name={`games.${index}.prediction`}
            autoComplete="off"
            maxLength={120}
            placeholder="Home win"
            value={game.prediction}
            onChange={(event) => onChange({ prediction: event.target.value })}
            error={error('prediction')}
          />
          <TextField
            label="Odds (optional)"
            name={`games.${index}.odds`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.85"
            value={game.odds}
            onChange={(event) => onChange({ odds: event.target.value })}
            error={error('odds')}
          />
        </div>
        {rowError && <p className="text-sm text-rose-300">{rowError}</p>}
      </fieldset>
    </li>
  );
}

/**
 * Create (no `code`) or edit a booking code. The contract's schema checks the form before it is sent; the
 * server's field errors land next to the same fields. Saving goes back to the list with a toast.
 */
export function BookingCodeForm({ code }: { code?: AdminBookingCode }) {
  const navigate = useNavigate();
  const mutation = useSaveBookingCode(code?._id ?? null);
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<string>();
  const [draft, setDraft] = useState<BookingCodeDraft>(() => (code ? draftFromCode(code) : emptyDraft()));
  const bookmakersId = useId();
  const noteId = useId();
  const gamesListRef = useRef<HTMLOListElement>(null);
  const [focusGame, setFocusGame] = useState<number | null>(null);

  useEffect(() => {
    if (focusGame === null) return;
    gamesListRef.current?.children[focusGame]?.querySelector('input')?.focus();
    setFocusGame(null);
  }, [focusGame]);

  const set = <K extends keyof BookingCodeDraft>(key: K, value: BookingCodeDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setGame = (index: number, patch: Partial<GameDraft>) =>
    setDraft((current) => ({
      ...current,
      games: current.games.map((game, i) => (i === index ? { ...game, ...patch } : game)),
    }));
  const addGame = () => {
    setDraft((current) => ({ ...current, games: [...current.games, emptyGame()] }));
    setFocusGame(draft.games.length);
  };
  const removeGame = (index: number) => {
    setDraft((current) => ({ ...current, games: current.games.filter((_, i) => i !== index) }));
    // Row errors are keyed by position: after a removal they would point at the wrong rows.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('games.'))),
    );
    setFocusGame(Math.max(0, index - 1));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const result = validateDraft(draft, code);
    if (!result.ok) {
      setFormError('Check the highlighted fields.');
      reject(result.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await mutation.mutateAsync(result.body);
      toast.success(
        code
          ? `Booking code ${saved.code.bookingCode} saved.`
          : `Booking code ${saved.code.bookingCode} created.`,
      );
      navigate(adminPaths.bookingCodes);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) reject(serverFieldErrors(error.errors));
      setFormError(
        errorMessage(
          error,
          code
            ? 'The changes were not saved. Please try again.'
            : 'The code was not created. Please try again.',
        ),
      );
    }
  };

  const err = (key: string) => errors[key];

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={code ? 'Edit booking code' : 'New booking code'}
      className="flex min-w-0 flex-col gap-4"
    >
      <Section title="Code">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <TextField
            label="Booking code"
            name="bookingCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            className="sm:col-span-2"
            hint={`${MIN_BOOKING_CODE_LENGTH} to 40 letters, digits or dashes; saved in capitals.`}
            value={draft.bookingCode}
            onChange={(event) => set('bookingCode', event.target.value)}
            error={err('bookingCode')}
          />
          <TextField
            label="Bookmaker"
            name="bookmaker"
            autoComplete="off"
            maxLength={40}
            list={bookmakersId}
            value={draft.bookmaker}
            onChange={(event) => set('bookmaker', event.target.value)}
            error={err('bookmaker')}
          />
          <datalist id={bookmakersId}>
            {Object.values(bookmakerNames).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <SelectField
            label="Category"
            name="category"
            value={draft.category}
            onChange={(event) =>
              set('category', codeCategories.find((value) => value === event.target.value) ?? 'football')
            }
            error={err('category')}
            className="mb-6"
          >
            {codeCategories.map((value) => (
              <option key={value} value={value}>
                {codeCategoryLabels[value]}
              </option>
            ))}
          </SelectField>
        </div>
      </Section>

      <Section title="Price and odds">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-3">
          <TextField
            label="Total odds"
            name="totalOdds"
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.50"
            value={draft.totalOdds}
            onChange={(event) => set('totalOdds', event.target.value)}
            error={err('totalOdds')}
          />
          <TextField
            label="Price (₦)"
            name="price"
            inputMode="numeric"
            autoComplete="off"
            placeholder="1500"
            value={draft.price}
            onChange={(event) => set('price', event.target.value)}
            error={err('price')}
          />
          <TextField
            label="Confidence (%)"
            name="confidence"
            inputMode="numeric"
            autoComplete="off"
            value={draft.confidence}
            onChange={(event) => set('confidence', event.target.value)}
            error={err('confidence')}
          />
          <SelectField
            label="Urgency"
            name="urgency"
            value={draft.urgency}
            onChange={(event) =>
              set('urgency', urgencies.find((value) => value === event.target.value) ?? 'medium')
            }
            error={err('urgency')}
            className="mb-6"
          >
            {urgencies.map((value) => (
              <option key={value} value={value}>
                {urgencyOptionLabels[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Urgency tag (optional)"
            name="urgencyTag"
            autoComplete="off"
            maxLength={40}
            placeholder="Starts in 1 hour"
            className="sm:col-span-2"
            value={draft.urgencyTag}
            onChange={(event) => set('urgencyTag', event.target.value)}
            error={err('urgencyTag')}
          />
        </div>
      </Section>

      <Section title="Sale">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <TextField
            label="Expires (Lagos time)"
            name="expiresAt"
            type="datetime-local"
            hint="West Africa Time (UTC+1); the code cannot be bought after this."
            value={draft.expiresAt}
            onChange={(event) => set('expiresAt', event.target.value)}
            error={err('expiresAt')}
          />
          <TextField
            label="Slot limit (optional)"
            name="slotLimit"
            inputMode="numeric"
            autoComplete="off"
            hint="Caps real buyers; empty for no limit."
            value={draft.slotLimit}
            onChange={(event) => set('slotLimit', event.target.value)}
            error={err('slotLimit')}
          />
          <div className="sm:col-span-2">
            <Checkbox
              label="Show fake buyers"
              name="fakeBuyerEnabled"
              className="mb-3 min-h-11"
              checked={draft.fakeBuyerEnabled}
              onChange={(event) => set('fakeBuyerEnabled', event.target.checked)}
            />
            <TextField
              label="Fake buyers"
              name="fakeBuyerCount"
              inputMode="numeric"
              autoComplete="off"
              className="sm:max-w-[calc(50%-0.375rem)]"
              disabled={!draft.fakeBuyerEnabled}
              hint="Added to the buyer count users see; never to revenue or slots."
              value={draft.fakeBuyerCount}
              onChange={(event) => set('fakeBuyerCount', event.target.value)}
              error={err('fakeBuyerCount')}
            />
          </div>
        </div>
        <div className="mt-1">
          <label htmlFor={noteId} className="mb-1.5 block text-sm font-medium text-emerald-50">
            Admin note (optional)
          </label>
          <textarea
            id={noteId}
            name="adminNote"
            rows={3}
            maxLength={NOTE_MAX}
            aria-invalid={err('adminNote') ? true : undefined}
            aria-describedby={`${noteId}-hint ${noteId}-error`}
            value={draft.adminNote}
            onChange={(event) => set('adminNote', event.target.value)}
            className={`${inputClass} ${inputBorder(Boolean(err('adminNote')))} h-auto resize-y py-3`}
          />
          <p id={`${noteId}-hint`} className="mt-1 flex justify-between gap-3 text-xs text-emerald-200/70">
            <span>Shown to users on the code.</span>
            <span aria-hidden="true">
              {draft.adminNote.length}/{NOTE_MAX}
            </span>
          </p>
          <FieldError id={`${noteId}-error`} message={err('adminNote')} />
        </div>
      </Section>

      <Section title="Games">
        <ol ref={gamesListRef} className="flex flex-col gap-3">
          {draft.games.map((game, index) => (
            <GameRow
              key={game.key}
              index={index}
              game={game}
              errors={errors}
              canRemove={draft.games.length > 1}
              onChange={(patch) => setGame(index, patch)}
              onRemove={() => removeGame(index)}
            />
          ))}
        </ol>
        {err('games') && (
          <p className="mt-2 text-sm text-rose-300" role="alert">
            {err('games')}
          </p>
        )}
        <Button
          variant="secondary"
          className="mt-3 w-full sm:w-auto"
          onClick={addGame}
          disabled={draft.games.length >= MAX_GAMES}
        >
          Add game
        </Button>
      </Section>

      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => navigate(adminPaths.bookingCodes)}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {code ? 'Save changes' : 'Create code'}
        </Button>
      </div>
    </form>
  );
}
