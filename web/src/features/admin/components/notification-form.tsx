import type { AdminNotificationRequest, NotificationType } from '@cashtips/contract/notifications';
import type { AdminRolloverPlan } from '@cashtips/contract/rollover';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useAdminRolloverPlans } from '../api/get-admin-rollover-plans.ts';
import { useSendAdminNotification } from '../api/send-admin-notification.ts';
import { serverFieldErrors } from '../utils/form-draft.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListError } from './list-states.tsx';
import {
  emptyNotificationDraft,
  LINK_MAX,
  MESSAGE_MAX,
  type NotificationAudience,
  type NotificationDraft,
  notificationTypeLabels,
  notificationTypeOptions,
  TITLE_MAX,
  validateNotificationDraft,
} from './notification-draft.ts';
import { NotificationUserPicker } from './notification-user-picker.tsx';
import { SelectField } from './select-field.tsx';
import { TextAreaField } from './text-area-field.tsx';

const typeColours: Record<NotificationType, string> = {
  info: 'bg-emerald-100 text-emerald-950',
  success: 'bg-lime-400 text-emerald-950',
  warning: 'bg-amber-400 text-amber-950',
  error: 'bg-rose-400 text-rose-950',
};

const audienceOptions: readonly { value: NotificationAudience; label: string; description: string }[] = [
  { value: 'broadcast', label: 'Everyone', description: 'Every user sees it in their notifications.' },
  { value: 'user', label: 'One user', description: 'Find them by email, name or phone.' },
  {
    value: 'plan',
    label: 'Subscribers of a plan',
    description: 'Every user whose subscription to the plan is running now.',
  },
];

/** 'Daily 2 odds · 12 running subscriptions', and ' · off sale' for a plan no longer sold. */
function planOptionText(plan: AdminRolloverPlan): string {
  const count = plan.activeSubscribers;
  const running = `${formatCount(count)} running subscription${count === 1 ? '' : 's'}`;
  return `${plan.name} · ${running}${plan.active ? '' : ' · off sale'}`;
}

/** The rollover plans to send to, loaded when 'Subscribers of a plan' is chosen. */
function PlanField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (planId: string) => void;
  error?: string | undefined;
}) {
  const query = useAdminRolloverPlans();
  const plans = query.data?.plans ?? [];
  if (query.isError) {
    return (
      <ListError
        error={query.error}
        fallback="Could not load the plans."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <SelectField
      label="Plan"
      name="planId"
      value={value}
      disabled={query.isPending}
      hint={
        query.isPending
          ? 'Loading the plans…'
          : plans.length === 0
            ? 'There are no rollover plans yet.'
            : 'Only users whose subscription to it is running now get it.'
      }
      error={error}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Choose a plan</option>
      {plans.map((plan) => (
        <option key={plan._id} value={plan._id}>
          {planOptionText(plan)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Send a notification to everyone, to one user or to a plan's running subscribers. The contract's schema
 * checks it first; a broadcast is confirmed before it goes. The server's field errors land next to their
 * fields; on success its sentence is toasted and the form starts again.
 */
export function NotificationForm({ onSent }: { onSent?: () => void }) {
  const mutation = useSendAdminNotification();
  const [draft, setDraft] = useState<NotificationDraft>(emptyNotificationDraft);
  // A new key after each send starts the user search afresh.
  const [round, setRound] = useState(0);
  const [review, setReview] = useState<AdminNotificationRequest | null>(null);
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<string>();
  const noteId = useId();
  const set = <K extends keyof NotificationDraft>(key: K, value: NotificationDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const send = async (body: AdminNotificationRequest) => {
    try {
      const answer = await mutation.mutateAsync(body);
      setReview(null);
      toast.success(answer.message);
      setDraft(emptyNotificationDraft());
      setErrors({});
      setRound((current) => current + 1);
      onSent?.();
    } catch (error) {
      setReview(null);
      if (error instanceof ApiError && error.errors.length > 0) reject(serverFieldErrors(error.errors));
      setFormError(errorMessage(error, 'The notification was not sent. Please try again.'));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const result = validateNotificationDraft(draft);
    if (!result.ok) {
      setFormError('Check the highlighted fields.');
      reject(result.errors);
      return;
    }
    setErrors({});
    if (draft.audience === 'broadcast') setReview(result.body);
    else void send(result.body);
  };

  return (
    <section aria-labelledby={`${noteId}-heading`} className="card min-w-0 p-4 sm:p-5">
      <h2 id={`${noteId}-heading`} className="text-base font-bold text-white">
        Send a notification
      </h2>
      <p className="mt-1 mb-3 text-sm text-emerald-100/75">
        Readers find it in their notifications; its link, when it has one, opens that page of the app.
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${noteId}-heading`}
        className="flex min-w-0 flex-col gap-4"
      >
        <div className="grid gap-y-2">
          <TextField
            label="Title"
            name="title"
            autoComplete="off"
            maxLength={TITLE_MAX}
            hint={`2 to ${TITLE_MAX} characters.`}
            value={draft.title}
            onChange={(event) => set('title', event.target.value)}
            error={errors.title}
          />
          <TextAreaField
            label="Message"
            name="message"
            hint={`2 to ${MESSAGE_MAX} characters.`}
            maxLength={MESSAGE_MAX}
            value={draft.message}
            onChange={(event) => set('message', event.target.value)}
            error={errors.message}
          />
          <fieldset className="mt-1 min-w-0" aria-describedby={`${noteId}-type`}>
            <legend className="mb-1.5 text-sm font-medium text-emerald-50">Type</legend>
            <div className="grid grid-cols-2 gap-1 rounded-xl border border-emerald-700 bg-emerald-950/60 p-1 sm:grid-cols-4">
              {notificationTypeOptions.map((option) => {
                const checked = draft.type === option;
                return (
                  <label
                    key={option}
                    className={`flex min-h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lime-300 ${
                      checked ? typeColours[option] : 'text-emerald-100 hover:bg-emerald-800/60'
                    }`}
                  >
                    <input
                      type="radio"
                      name="type"
                      value={option}
                      checked={checked}
                      onChange={() => set('type', option)}
                      className="sr-only"
                    />
                    {notificationTypeLabels[option]}
                  </label>
                );
              })}
            </div>
            <p id={`${noteId}-type`} className="mt-1 text-xs text-emerald-200/70">
              Sets the colour and icon readers see.
            </p>
          </fieldset>
          <TextField
            className="mt-3"
            label="Link (optional)"
            name="link"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LINK_MAX}
            placeholder="/my-rollover"
            hint="A page of the app to open, starting with /, e.g. /my-rollover."
            value={draft.link}
            onChange={(event) => set('link', event.target.value)}
            error={errors.link}
          />
        </div>

        <div>
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium text-emerald-50">Send to</legend>
            <div className="grid gap-2 md:grid-cols-3">
              {audienceOptions.map((option) => {
                const checked = draft.audience === option.value;
                return (
                  <label
                    key={option.value}
                    className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lime-300 ${
                      checked
                        ? 'border-lime-300/60 bg-lime-400/10'
                        : 'border-emerald-700 bg-emerald-950/60 hover:border-emerald-500'
                    }`}
                  >
                    <input
                      type="radio"
                      name="audience"
                      value={option.value}
                      checked={checked}
                      onChange={() => set('audience', option.value)}
                      aria-describedby={`${noteId}-${option.value}`}
                      className="mt-1 size-4 shrink-0 accent-lime-400"
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold text-white">{option.label}</span>
                      <span id={`${noteId}-${option.value}`} className="block text-xs text-emerald-200/70">
                        {option.description}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {draft.audience === 'user' && (
            <div className="mt-4">
              <NotificationUserPicker
                key={round}
                user={draft.user}
                onChoose={(user) => set('user', user)}
                error={errors.userId}
              />
            </div>
          )}
          {draft.audience === 'plan' && (
            <div className="mt-4">
              <PlanField
                value={draft.planId}
                onChange={(planId) => set('planId', planId)}
                error={errors.planId}
              />
            </div>
          )}
        </div>

        <FormAlert message={formError} />
        <div className="flex flex-col sm:flex-row sm:justify-end">
          <Button type="submit" loading={mutation.isPending && review === null}>
            Send notification
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={review !== null}
        title="Send this to every user?"
        confirmLabel="Send to everyone"
        busy={mutation.isPending}
        onConfirm={() => review && void send(review)}
        onCancel={() => setReview(null)}
      >
        <p className="break-words">
          “{review?.title}” will appear in the notifications of everyone who uses the site.
        </p>
      </ConfirmDialog>
    </section>
  );
}
