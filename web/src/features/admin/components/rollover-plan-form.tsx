import type { AdminRolloverPlan } from '@cashtips/contract/rollover';
import { useNavigate } from 'react-router';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSaveRolloverPlan } from '../api/save-rollover-plan.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import {
  draftFromPlan,
  emptyPlanDraft,
  type RolloverPlanDraft,
  validatePlanDraft,
} from '../utils/rollover-plan-draft.ts';
import { DraftFormFooter, DraftFormShell, useDraftForm, useDraftState } from './draft-form.tsx';
import { FormSection } from './form-section.tsx';
import { TextAreaField } from './text-area-field.tsx';

const DESCRIPTION_MAX = 1000;

/**
 * Create (no `plan`) or edit a rollover plan. The contract's schema checks the form before it is sent; the
 * server's field errors land next to the same fields, and its refusals (a slot limit below the running
 * subscriptions) above the buttons. On sale or not is chosen here for a new plan; an existing plan's
 * status card switches it. Saving goes back to the list with a toast.
 */
export function RolloverPlanForm({ plan }: { plan?: AdminRolloverPlan }) {
  const navigate = useNavigate();
  const mutation = useSaveRolloverPlan(plan?._id ?? null);
  const { draft, set } = useDraftState<RolloverPlanDraft>(() =>
    plan ? draftFromPlan(plan) : emptyPlanDraft(),
  );
  const { formRef, errors, formError, onSubmit } = useDraftForm({
    validate: () => validatePlanDraft(draft, plan),
    save: mutation.mutateAsync,
    busy: mutation.isPending,
    onSaved: ({ plan: saved }) => {
      toast.success(plan ? `Plan ${saved.name} saved.` : `Plan ${saved.name} created.`);
      navigate(adminPaths.rolloverPlans);
    },
    failure: plan
      ? 'The changes were not saved. Please try again.'
      : 'The plan was not created. Please try again.',
  });

  return (
    <DraftFormShell
      formRef={formRef}
      onSubmit={onSubmit}
      label={plan ? 'Edit rollover plan' : 'New rollover plan'}
    >
      <FormSection title="Plan">
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          maxLength={80}
          placeholder="Daily 2 odds"
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          hint="Shown to users on the plan."
          maxLength={DESCRIPTION_MAX}
          className="mt-1"
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
          error={errors.description}
        />
      </FormSection>

      <FormSection title="Price and odds">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-3">
          <TextField
            label="Price (₦)"
            name="price"
            inputMode="numeric"
            autoComplete="off"
            placeholder="5000"
            value={draft.price}
            onChange={(event) => set('price', event.target.value)}
            error={errors.price}
          />
          <TextField
            label="Duration (days)"
            name="duration"
            inputMode="numeric"
            autoComplete="off"
            placeholder="7"
            value={draft.duration}
            onChange={(event) => set('duration', event.target.value)}
            error={errors.duration}
          />
          <TextField
            label="Daily odds"
            name="odds"
            inputMode="decimal"
            autoComplete="off"
            placeholder="2.00"
            value={draft.odds}
            onChange={(event) => set('odds', event.target.value)}
            error={errors.odds}
          />
        </div>
      </FormSection>

      <FormSection title="Limits and sale">
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          <TextField
            label="Slot limit (optional)"
            name="slotLimit"
            inputMode="numeric"
            autoComplete="off"
            hint="Caps running subscriptions; empty for no limit."
            value={draft.slotLimit}
            onChange={(event) => set('slotLimit', event.target.value)}
            error={errors.slotLimit}
          />
          <TextField
            label="Daily post limit"
            name="postLimit"
            inputMode="numeric"
            autoComplete="off"
            hint="How many tips can be posted for one day, 1 to 20."
            value={draft.postLimit}
            onChange={(event) => set('postLimit', event.target.value)}
            error={errors.postLimit}
          />
          {!plan && (
            <Checkbox
              label="On sale as soon as it is created (active)"
              name="active"
              className="min-h-11 sm:col-span-2"
              checked={draft.active}
              onChange={(event) => set('active', event.target.checked)}
            />
          )}
        </div>
      </FormSection>

      <DraftFormFooter
        formError={formError}
        busy={mutation.isPending}
        submitLabel={plan ? 'Save changes' : 'Create plan'}
        onCancel={() => navigate(adminPaths.rolloverPlans)}
      />
    </DraftFormShell>
  );
}
