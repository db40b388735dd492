import type { AdminFreeTip } from '@cashtips/contract/tips';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSaveFreeTip } from '../api/save-free-tip.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import {
  draftFromFreeTip,
  emptyFreeTipDraft,
  type FreeTipDraft,
  freeTipOnMatch,
  retypeFreeTipMatch,
  validateFreeTipDraft,
} from '../utils/free-tip-draft.ts';
import { DraftFormFooter, DraftFormShell, useDraftForm, useDraftState } from './draft-form.tsx';
import { FormSection } from './form-section.tsx';
import { MarketHint } from './market-hint.tsx';
import { MatchPicker, PickedMatch } from './match-picker.tsx';
import { TextAreaField } from './text-area-field.tsx';

const NOTE_MAX = 1000;

/** 'free tip Arsenal vs Chelsea', as the server names it in the queue and on match pages. */
export const freeTipTitle = (tip: Pick<AdminFreeTip, 'teamA' | 'teamB'>) =>
  `free tip ${tip.teamA} vs ${tip.teamB}`;

/**
 * Post (no `tip`) or edit a free tip: one public game. The kickoff is typed in Lagos time and sent with
 * its offset; the line under the prediction says how it will be settled. The contract's schema checks
 * the form before it is sent; the server's field errors land next to their fields.
 */
export function FreeTipForm({ tip }: { tip?: AdminFreeTip }) {
  const navigate = useNavigate();
  const mutation = useSaveFreeTip(tip);
  const { draft, setDraft, set } = useDraftState<FreeTipDraft>(() =>
    tip ? draftFromFreeTip(tip) : emptyFreeTipDraft(),
  );
  const { formRef, errors, formError, onSubmit } = useDraftForm({
    validate: () => validateFreeTipDraft(draft, tip),
    save: mutation.mutateAsync,
    busy: mutation.isPending,
    onSaved: ({ tip: saved }) => {
      toast.success(tip ? `The ${freeTipTitle(saved)} saved.` : `The ${freeTipTitle(saved)} posted.`);
      navigate(adminPaths.freeTips);
    },
    failure: tip
      ? 'The changes were not saved. Please try again.'
      : 'The tip was not posted. Please try again.',
  });

  return (
    <DraftFormShell formRef={formRef} onSubmit={onSubmit} label={tip ? 'Edit free tip' : 'New free tip'}>
      <FormSection title="Match">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          {/* A posted tip is on its registered match already; a new one can pick one instead of typing it. */}
          {!tip &&
            (draft.pickedMatch ? (
              <PickedMatch
                match={draft.pickedMatch}
                onUnlink={() => {
                  setDraft((current) => ({ ...current, matchId: '', pickedMatch: null }));
                  formRef.current?.querySelector<HTMLInputElement>('[name="teamA"]')?.focus();
                }}
              />
            ) : (
              <MatchPicker
                onPick={(match) => {
                  setDraft((current) => freeTipOnMatch(current, match));
                  formRef.current?.querySelector<HTMLInputElement>('[name="prediction"]')?.focus();
                }}
              />
            ))}
          <TextField
            label="Home team"
            name="teamA"
            autoComplete="off"
            maxLength={80}
            value={draft.teamA}
            onChange={(event) =>
              setDraft((current) => retypeFreeTipMatch(current, 'teamA', event.target.value))
            }
            error={errors.teamA}
          />
          <TextField
            label="Away team"
            name="teamB"
            autoComplete="off"
            maxLength={80}
            value={draft.teamB}
            onChange={(event) =>
              setDraft((current) => retypeFreeTipMatch(current, 'teamB', event.target.value))
            }
            error={errors.teamB}
          />
          <TextField
            label="League"
            name="league"
            autoComplete="off"
            maxLength={80}
            readOnly={Boolean(tip)}
            hint={tip ? 'The league of its registered match; it is not changed from here.' : undefined}
            value={draft.league}
            onChange={(event) =>
              setDraft((current) => retypeFreeTipMatch(current, 'league', event.target.value))
            }
            error={errors.league}
          />
          <TextField
            label="Kickoff (Lagos time)"
            name="kickoff"
            type="datetime-local"
            hint="West Africa Time (UTC+1)."
            value={draft.kickoff}
            onChange={(event) =>
              setDraft((current) => retypeFreeTipMatch(current, 'kickoff', event.target.value))
            }
            error={errors.kickoff}
          />
        </div>
      </FormSection>

      <FormSection title="Tip">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <TextField
            label="Prediction"
            name="prediction"
            autoComplete="off"
            maxLength={120}
            className="sm:col-span-2"
            hint={<MarketHint prediction={draft.prediction} home={draft.teamA} away={draft.teamB} />}
            value={draft.prediction}
            onChange={(event) => set('prediction', event.target.value)}
            error={errors.prediction}
          />
          <TextField
            label="Odds"
            name="totalOdds"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.85"
            value={draft.totalOdds}
            onChange={(event) => set('totalOdds', event.target.value)}
            error={errors.totalOdds}
          />
          <TextField
            label="Confidence (%, optional)"
            name="confidence"
            inputMode="numeric"
            autoComplete="off"
            value={draft.confidence}
            onChange={(event) => set('confidence', event.target.value)}
            error={errors.confidence}
          />
        </div>
        <TextAreaField
          label="Note (optional)"
          name="note"
          hint="Shown with the tip to everyone."
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
        onCancel={() => navigate(adminPaths.freeTips)}
      />
    </DraftFormShell>
  );
}
