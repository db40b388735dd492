import {
  type AdminBookingCode,
  codeCategories,
  codeCategoryLabels,
  MIN_BOOKING_CODE_LENGTH,
  type Urgency,
  urgencies,
  urgencyLabels,
} from '@cashtips/contract/booking-codes';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSaveBookingCode } from '../api/save-booking-code.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import {
  type BookingCodeDraft,
  draftFromCode,
  emptyDraft,
  validateDraft,
} from '../utils/booking-code-draft.ts';
import { bookingCodeGameFields, gameDraftFrom } from '../utils/game-draft.ts';
import type { ModelGame } from '../utils/model-game.ts';
import { BookingCodeFields } from './booking-code-fields.tsx';
import { BookmakerFill } from './bookmaker-fill.tsx';
import { DraftFormFooter, DraftFormShell, useDraftForm, useDraftState } from './draft-form.tsx';
import { FormSection } from './form-section.tsx';
import { GamesEditor, updateGames } from './games-editor.tsx';
import { SelectField } from './select-field.tsx';
import { TextAreaField } from './text-area-field.tsx';

const urgencyOptionLabels: Record<Urgency, string> = {
  high: `High (${urgencyLabels.high})`,
  medium: `Medium (${urgencyLabels.medium})`,
  low: `Low (${urgencyLabels.low})`,
};

const NOTE_MAX = 1000;
const MAX_GAMES = 50;

/**
 * Create (no `code`) or edit a booking code; a new one may start from one of the model's picks (`firstGame`,
 * its first game). The contract's schema checks the form before it is sent; the server's field errors land
 * next to the same fields. Saving goes back to the list with a toast.
 */
export function BookingCodeForm({
  code,
  firstGame,
}: {
  code?: AdminBookingCode;
  firstGame?: ModelGame | null;
}) {
  const navigate = useNavigate();
  const moneyBackHintId = useId();
  // Its buyers paid on that promise: the server refuses to take it from a sold code.
  const moneyBackLocked = Boolean(code?.moneyBack && code.realBuyerCount > 0);
  const mutation = useSaveBookingCode(code?._id ?? null);
  const { draft, setDraft, set } = useDraftState<BookingCodeDraft>(() =>
    code ? draftFromCode(code) : emptyDraft(firstGame),
  );
  const { formRef, errors, setErrors, formError, onSubmit } = useDraftForm({
    validate: () => validateDraft(draft, code),
    save: mutation.mutateAsync,
    busy: mutation.isPending,
    onSaved: (saved) => {
      toast.success(
        code
          ? `Booking code ${saved.code.bookingCode} saved.`
          : `Booking code ${saved.code.bookingCode} created.`,
      );
      navigate(adminPaths.bookingCodes);
    },
    failure: code
      ? 'The changes were not saved. Please try again.'
      : 'The code was not created. Please try again.',
  });

  return (
    <DraftFormShell
      formRef={formRef}
      onSubmit={onSubmit}
      label={code ? 'Edit booking code' : 'New booking code'}
    >
      <FormSection title="Code">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <BookingCodeFields
            optional={false}
            minLength={MIN_BOOKING_CODE_LENGTH}
            bookingCode={draft.bookingCode}
            bookmaker={draft.bookmaker}
            errors={errors}
            onBookingCodeChange={(value) => set('bookingCode', value)}
            onBookmakerChange={(value) => set('bookmaker', value)}
            codeClassName="sm:col-span-2"
          />
          <BookmakerFill
            bookmaker={draft.bookmaker}
            bookingCode={draft.bookingCode}
            onRead={(read) =>
              setDraft((current) => ({
                ...current,
                totalOdds: read.totalOdds === null ? current.totalOdds : String(read.totalOdds),
                games: read.legs.map((leg) =>
                  gameDraftFrom({
                    teamA: leg.homeTeam,
                    teamB: leg.awayTeam,
                    league: leg.league,
                    kickoff: leg.kickoff,
                    prediction: leg.prediction ?? `${leg.market}: ${leg.pick}`,
                    odds: leg.odds,
                  }),
                ),
              }))
            }
            onFieldErrors={setErrors}
          />
          <SelectField
            label="Category"
            name="category"
            value={draft.category}
            onChange={(event) =>
              set('category', codeCategories.find((value) => value === event.target.value) ?? 'football')
            }
            error={errors.category}
            className="mb-6"
          >
            {codeCategories.map((value) => (
              <option key={value} value={value}>
                {codeCategoryLabels[value]}
              </option>
            ))}
          </SelectField>
        </div>
      </FormSection>

      <FormSection title="Price and odds">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-3">
          <TextField
            label="Total odds"
            name="totalOdds"
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.50"
            value={draft.totalOdds}
            onChange={(event) => set('totalOdds', event.target.value)}
            error={errors.totalOdds}
          />
          <TextField
            label="Price (₦)"
            name="price"
            inputMode="numeric"
            autoComplete="off"
            placeholder="1500"
            value={draft.price}
            onChange={(event) => set('price', event.target.value)}
            error={errors.price}
          />
          <TextField
            label="Confidence (%)"
            name="confidence"
            inputMode="numeric"
            autoComplete="off"
            value={draft.confidence}
            onChange={(event) => set('confidence', event.target.value)}
            error={errors.confidence}
          />
          <SelectField
            label="Urgency"
            name="urgency"
            value={draft.urgency}
            onChange={(event) =>
              set('urgency', urgencies.find((value) => value === event.target.value) ?? 'medium')
            }
            error={errors.urgency}
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
            error={errors.urgencyTag}
          />
        </div>
      </FormSection>

      <FormSection title="Sale">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <TextField
            label="Expires (Lagos time)"
            name="expiresAt"
            type="datetime-local"
            hint="West Africa Time (UTC+1); the code cannot be bought after this."
            value={draft.expiresAt}
            onChange={(event) => set('expiresAt', event.target.value)}
            error={errors.expiresAt}
          />
          <TextField
            label="Slot limit (optional)"
            name="slotLimit"
            inputMode="numeric"
            autoComplete="off"
            hint="Caps real buyers; empty for no limit."
            value={draft.slotLimit}
            onChange={(event) => set('slotLimit', event.target.value)}
            error={errors.slotLimit}
          />
          <div className="mb-4 sm:col-span-2">
            <Checkbox
              label="Money back if it loses"
              name="moneyBack"
              className="min-h-11"
              checked={draft.moneyBack}
              disabled={moneyBackLocked}
              aria-describedby={moneyBackHintId}
              onChange={(event) => set('moneyBack', event.target.checked)}
            />
            <p id={moneyBackHintId} className="text-xs text-emerald-200/70">
              {moneyBackLocked
                ? 'Sold with money back: it stays on for the buyers who bought it on that promise.'
                : 'If it settles lost or void, every buyer gets the price back into the wallet they paid from.'}
            </p>
          </div>
        </div>
        <TextAreaField
          label="Admin note (optional)"
          name="adminNote"
          hint="Shown to users on the code."
          maxLength={NOTE_MAX}
          className="mt-1"
          value={draft.adminNote}
          onChange={(event) => set('adminNote', event.target.value)}
          error={errors.adminNote}
        />
      </FormSection>

      <FormSection title="Games">
        <GamesEditor
          games={draft.games}
          fields={bookingCodeGameFields}
          errors={errors}
          maxGames={MAX_GAMES}
          onChange={updateGames(setDraft)}
          setErrors={setErrors}
        />
      </FormSection>

      <DraftFormFooter
        formError={formError}
        busy={mutation.isPending}
        submitLabel={code ? 'Save changes' : 'Create code'}
        onCancel={() => navigate(adminPaths.bookingCodes)}
      />
    </DraftFormShell>
  );
}
