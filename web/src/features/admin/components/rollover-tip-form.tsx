import type { AdminRolloverTip } from '@cashtips/contract/rollover';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminRolloverPlans } from '../api/get-admin-rollover-plans.ts';
import { useSaveRolloverTip } from '../api/save-rollover-tip.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { planOptionLabel } from '../utils/format.ts';
import { rolloverGameFields } from '../utils/game-draft.ts';
import type { ModelGame } from '../utils/model-game.ts';
import {
  draftFromTip,
  emptyTipDraft,
  type RolloverTipDraft,
  validateTipDraft,
} from '../utils/rollover-tip-draft.ts';
import { BookingCodeFields } from './booking-code-fields.tsx';
import { DraftFormFooter, DraftFormShell, useDraftForm, useDraftState } from './draft-form.tsx';
import { FormSection } from './form-section.tsx';
import { GamesEditor, updateGames } from './games-editor.tsx';
import { postLimitText } from './rollover-plans-list.tsx';
import { SelectField } from './select-field.tsx';
import { TextAreaField } from './text-area-field.tsx';

const NOTE_MAX = 1000;
const MAX_GAMES = 30;

/** The plan select's hint: the plan is fixed once posted; a new tip is told the plan's daily post limit. */
function planHint(editing: boolean, postLimit: number | undefined, plansFailed: boolean): string | undefined {
  if (editing) return 'Fixed once posted: its subscribers paid for this plan.';
  if (plansFailed) return 'Could not load the plans. Reload the page to try again.';
  return postLimit === undefined ? undefined : `This plan takes ${postLimitText(postLimit)}.`;
}

/**
 * Post (no `tip`) or edit a rollover tip; a new one may start from one of the model's picks (`firstGame`,
 * its first game, and its kickoff's day). Kickoffs and the expiry are typed in Lagos time and sent with
 * their offset; the day is a Lagos date, today by default. The contract's schema checks the form before it
 * is sent; the server's refusals (the plan's daily post limit) show above the buttons.
 */
export function RolloverTipForm({
  tip,
  planId = '',
  firstGame,
}: {
  tip?: AdminRolloverTip;
  planId?: string;
  firstGame?: ModelGame | null;
}) {
  const navigate = useNavigate();
  const plans = useAdminRolloverPlans();
  const mutation = useSaveRolloverTip();
  const { draft, setDraft, set } = useDraftState<RolloverTipDraft>(() =>
    tip ? draftFromTip(tip) : emptyTipDraft(planId, new Date(), firstGame),
  );
  const bookmakersId = useId();
  const { formRef, errors, setErrors, formError, onSubmit } = useDraftForm({
    validate: () => validateTipDraft(draft, tip),
    save: mutation.mutateAsync,
    busy: mutation.isPending,
    onSaved: ({ tip: saved }) => {
      const what = `${saved.planName} tip for ${formatLagosDay(saved.day)}`;
      toast.success(tip ? `The ${what} saved.` : `The ${what} posted.`);
      navigate(adminPaths.rolloverTips);
    },
    failure: tip
      ? 'The changes were not saved. Please try again.'
      : 'The tip was not posted. Please try again.',
  });

  const plan = plans.data?.plans.find((candidate) => candidate._id === draft.planId);

  return (
    <DraftFormShell
      formRef={formRef}
      onSubmit={onSubmit}
      label={tip ? 'Edit rollover tip' : 'New rollover tip'}
    >
      <FormSection title="Plan and day">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <SelectField
            label="Plan"
            name="planId"
            value={draft.planId}
            disabled={Boolean(tip)}
            hint={planHint(Boolean(tip), plan?.postLimit, plans.isError)}
            onChange={(event) => set('planId', event.target.value)}
            error={errors.planId}
            className="mb-6"
          >
            {tip ? (
              <option value={tip.planId}>{tip.planName}</option>
            ) : (
              <>
                <option value="">{plans.isPending ? 'Loading plans…' : 'Choose a plan'}</option>
                {plans.data?.plans.map((option) => (
                  <option key={option._id} value={option._id}>
                    {planOptionLabel(option)}
                  </option>
                ))}
              </>
            )}
          </SelectField>
          <TextField
            label="Day (Lagos date)"
            name="day"
            type="date"
            hint="The day the tip is for; today in Lagos by default."
            value={draft.day}
            onChange={(event) => set('day', event.target.value)}
            error={errors.day}
          />
        </div>
      </FormSection>

      <FormSection title="Games">
        <GamesEditor
          games={draft.games}
          fields={rolloverGameFields}
          errors={errors}
          maxGames={MAX_GAMES}
          bookmakersListId={bookmakersId}
          onChange={updateGames(setDraft)}
          setErrors={setErrors}
        />
      </FormSection>

      <FormSection title="Booking code">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <BookingCodeFields
            optional
            minLength={4}
            bookingCode={draft.bookingCode}
            bookmaker={draft.bookmaker}
            errors={errors}
            onBookingCodeChange={(value) => set('bookingCode', value)}
            onBookmakerChange={(value) => set('bookmaker', value)}
            bookmakersId={bookmakersId}
          />
          <TextField
            label="Total odds (optional)"
            name="totalOdds"
            inputMode="decimal"
            autoComplete="off"
            placeholder="2.05"
            hint="Empty: the games' odds multiplied."
            value={draft.totalOdds}
            onChange={(event) => set('totalOdds', event.target.value)}
            error={errors.totalOdds}
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
          <TextField
            label="Expires (Lagos time, optional)"
            name="expiresAt"
            type="datetime-local"
            hint="West Africa Time (UTC+1); empty for no expiry."
            value={draft.expiresAt}
            onChange={(event) => set('expiresAt', event.target.value)}
            error={errors.expiresAt}
          />
        </div>
        <TextAreaField
          label="Note (optional)"
          name="note"
          hint="Shown to subscribers with the tip."
          maxLength={NOTE_MAX}
          className="mt-1"
          value={draft.note}
          onChange={(event) => set('note', event.target.value)}
          error={errors.note}
        />
      </FormSection>

      <DraftFormFooter
        formError={formError}
        busy={mutation.isPending}
        submitLabel={tip ? 'Save changes' : 'Post tip'}
        onCancel={() => navigate(adminPaths.rolloverTips)}
      />
    </DraftFormShell>
  );
}
