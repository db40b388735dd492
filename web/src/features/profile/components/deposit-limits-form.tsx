import {
  type DepositLimitPeriod,
  type DepositLimits,
  type DepositLimitsUpdate,
  depositLimitPeriods,
  depositLimitsUpdateSchema,
  describeRestrictionEnd,
  protectionMessages,
} from '@cashtips/contract/protection';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { formatNaira } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useDepositLimits, useUpdateDepositLimits } from '../api/protection.ts';

const periodLabels: Record<DepositLimitPeriod, { label: string; window: string }> = {
  daily: { label: 'Daily limit', window: 'the last 24 hours' },
  weekly: { label: 'Weekly limit', window: 'the last 7 days' },
  monthly: { label: 'Monthly limit', window: 'the last 30 days' },
};

type LimitTexts = Record<DepositLimitPeriod, string>;

const asText = (amount: number | null) => (amount === null ? '' : String(amount));
const textsOf = (limits: DepositLimits): LimitTexts => ({
  daily: asText(limits.daily),
  weekly: asText(limits.weekly),
  monthly: asText(limits.monthly),
});

/**
 * A typed limit as the API takes it: empty is no limit (null); separators typed by habit are ignored;
 * anything else is left for the contract's schema to name (NaN is refused with its message).
 */
export function parseLimit(text: string): number | null {
  const cleaned = text.replace(/[\s,₦]/g, '');
  return cleaned === '' ? null : Number(cleaned);
}

/** "₦7,500 left of ₦10,000 in the last 24 hours", or that there is none. */
export function describeRemaining(limits: DepositLimits, period: DepositLimitPeriod): string {
  const amount = limits[period];
  if (amount === null) return 'No limit.';
  const remaining = limits.remaining[period] ?? amount;
  return `${formatNaira(remaining)} left of ${formatNaira(amount)} in ${periodLabels[period].window}.`;
}

/** "Your daily limit rises to ₦20,000 at Sat 28 Nov 2026, 10:00 Lagos time", one per waiting change. */
export function describePending(limits: DepositLimits): string[] {
  const pending = limits.pending;
  if (!pending) return [];
  const at = describeRestrictionEnd(pending.effectiveAt);
  return depositLimitPeriods.flatMap((period) => {
    const next = pending[period];
    if (next === undefined) return [];
    return next === null
      ? [`Your ${period} limit is removed at ${at}.`]
      : [`Your ${period} limit rises to ${formatNaira(next)} at ${at}.`];
  });
}

/** Responsible gambling tab: the three deposit limits, what is left of each, and waiting raises. */
export function DepositLimitsForm() {
  const limits = useDepositLimits();
  return (
    <section aria-labelledby="deposit-limits-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div>
        <h2 id="deposit-limits-title" className="text-lg font-bold text-white">
          Deposit limits
        </h2>
        <p className="text-sm text-emerald-100/75">
          The most you can deposit in any 24 hours, 7 days or 30 days, counted back from now. Leave a box
          empty for no limit.
        </p>
      </div>
      {limits.isPending ? (
        <div role="status" aria-label="Loading your deposit limits" className="flex flex-col gap-4">
          <Skeleton className="h-[5.75rem] rounded-xl" />
          <Skeleton className="h-[5.75rem] rounded-xl" />
          <Skeleton className="h-[5.75rem] rounded-xl" />
        </div>
      ) : limits.isError ? (
        <ErrorState
          title="Could not load your deposit limits."
          message={errorMessage(limits.error, 'Please try again.')}
          onRetry={() => void limits.refetch()}
          retrying={limits.isFetching}
        />
      ) : (
        <LimitsFields limits={limits.data} />
      )}
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-emerald-100/80 marker:text-lime-300">
        <li>A lower limit, or your first one, works at once.</li>
        <li>A higher limit, or removing one, works only after 24 hours, so a bad moment cannot undo it.</li>
        <li>A deposit that would pass a limit is refused, and we tell you how much you can still deposit.</li>
      </ul>
    </section>
  );
}

function LimitsFields({ limits }: { limits: DepositLimits }) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<DepositLimitPeriod>();
  const [texts, setTexts] = useState<LimitTexts>(() => textsOf(limits));
  const update = useUpdateDepositLimits();
  const pending = describePending(limits);

  const edit = (period: DepositLimitPeriod) => (value: string) => {
    setTexts((current) => ({ ...current, [period]: value }));
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    // Only what changed: an unchanged limit sent again would restart nothing, but says more than meant.
    const changes: Record<string, number | null> = {};
    for (const period of depositLimitPeriods) {
      const value = parseLimit(texts[period]);
      if (value !== limits[period]) changes[period] = value;
    }
    const parsed = depositLimitsUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      const fields = toFieldErrors<DepositLimitPeriod>(parsed.error.issues);
      if (Object.keys(fields).length > 0) return reject(fields);
      setErrors({});
      setFormError(parsed.error.issues[0]?.message ?? 'Change a limit first.');
      return;
    }
    setErrors({});
    const body: DepositLimitsUpdate = parsed.data;
    update.mutate(body, {
      onSuccess: (response) => {
        setTexts(textsOf(response.limits));
        toast.success(response.message ?? protectionMessages.limitsSaved);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length > 0) {
          const fields = toFieldErrors<DepositLimitPeriod>(error.errors);
          if (Object.keys(fields).length > 0) return reject(fields);
        }
        setFormError(errorMessage(error, 'Could not save your deposit limits. Please try again.'));
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-col sm:max-w-md">
        {depositLimitPeriods.map((period) => (
          <TextField
            key={period}
            label={`${periodLabels[period].label} (₦)`}
            name={period}
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
            value={texts[period]}
            onChange={(event) => edit(period)(event.target.value)}
            readOnly={update.isPending}
            hint={<span data-testid={`${period}-remaining`}>{describeRemaining(limits, period)}</span>}
            error={errors[period]}
          />
        ))}
      </div>
      {pending.length > 0 && (
        <ul
          aria-label="Changes waiting"
          className="mb-3 flex flex-col gap-1 rounded-xl border border-lime-300/30 bg-lime-400/5 px-4 py-3 text-sm text-lime-100"
        >
          {pending.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <FormAlert message={formError} />
      <Button type="submit" loading={update.isPending} className="mt-3 w-full sm:w-auto sm:self-start">
        {update.isPending ? 'Saving...' : 'Save limits'}
      </Button>
    </form>
  );
}
