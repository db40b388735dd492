import {
  describeRestrictionEnd,
  protectionMessages,
  type Restriction,
  SELF_EXCLUSION_MONTHS,
  selfExclusionRequestSchema,
  TIME_OUT_DAYS,
} from '@cashtips/contract/protection';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock-icon.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useSelfExclude, useTakeTimeOut } from '../api/protection.ts';

type TimeOutDays = (typeof TIME_OUT_DAYS)[number];
type SelfExclusionMonths = (typeof SELF_EXCLUSION_MONTHS)[number];

const HOUR_MS = 60 * 60 * 1000;

/** A time-out ends N × 24 hours after it starts (PRODUCT 13). */
export const timeOutEnd = (days: number, from: Date = new Date()) =>
  new Date(from.getTime() + days * 24 * HOUR_MS);

/** A self-exclusion lasts calendar months (PRODUCT 13). */
export function selfExclusionEnd(months: number, from: Date = new Date()): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

const dayWords = (days: number) => (days === 1 ? '1 day' : `${days} days`);
/** '7-day', as in 'a 7-day break'. */
const dayLength = (days: number) => `${days}-day`;
const monthWords = (months: number) =>
  months === 12 ? '1 year' : months === 60 ? '5 years' : `${months} months`;

const CLOSES =
  'Deposits, booking code purchases and rollover plan subscriptions close. You can still sign in, use your wallet, withdraw your money and see the codes and tips you already have.';
const FOR_GOOD = 'Nobody can shorten or cancel it once it starts: not you, not our support team.';

/**
 * Responsible gambling tab: a time-out (1, 7 or 30 days) and self-exclusion (6, 12 or 60 months), each
 * chosen then confirmed. While one is on, it is shown with its end, and only a longer one can be chosen.
 */
export function TakeABreak() {
  const restriction = useRestriction();
  // An option that would not end later than the current restriction is refused (409), and one that ends
  // only minutes later (the same 7 days again, just after starting them) means nothing: neither is offered.
  const longerThan = restriction ? Date.parse(restriction.until) + HOUR_MS : 0;
  const longerTimeOuts = TIME_OUT_DAYS.filter((days) => timeOutEnd(days).getTime() > longerThan);
  const longerExclusions = SELF_EXCLUSION_MONTHS.filter(
    (months) => selfExclusionEnd(months).getTime() > longerThan,
  );

  return (
    <>
      <section aria-labelledby="time-out-title" className="card min-w-0 gap-4 p-5 sm:p-6">
        <div>
          <h2 id="time-out-title" className="text-lg font-bold text-white">
            Take a break
          </h2>
          <p className="text-sm text-emerald-100/75">A short pause of 1, 7 or 30 days. {CLOSES}</p>
        </div>
        {longerTimeOuts.length > 0 ? (
          <TimeOutChooser options={longerTimeOuts} longer={restriction !== null} />
        ) : (
          <p className="text-sm text-emerald-100/80">
            Your current restriction already lasts longer than any break.
          </p>
        )}
      </section>
      <section aria-labelledby="self-exclusion-title" className="card min-w-0 gap-4 p-5 sm:p-6">
        <div>
          <h2 id="self-exclusion-title" className="text-lg font-bold text-white">
            Self-exclusion
          </h2>
          <p className="text-sm text-emerald-100/75">
            A long stop of 6 months, 1 year or 5 years, for when betting has stopped being fun. {CLOSES}
          </p>
        </div>
        {longerExclusions.length > 0 ? (
          <SelfExclusionChooser options={longerExclusions} longer={restriction !== null} />
        ) : (
          <p className="text-sm text-emerald-100/80">
            Your current restriction already lasts longer than any self-exclusion.
          </p>
        )}
      </section>
    </>
  );
}

/** The restriction in force, first on the tab: what is closed and until when. */
export function CurrentRestriction({ restriction }: { restriction: Restriction }) {
  return (
    <section
      aria-labelledby="current-restriction-title"
      className="card min-w-0 gap-3 border-amber-300/40 bg-amber-400/10 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="icon-box shrink-0">
          <ClockIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="current-restriction-title" className="text-lg font-bold text-white">
            {restriction.kind === 'time-out' ? 'You are taking a break' : 'You have excluded yourself'}
          </h2>
          <p className="text-sm text-emerald-50" data-testid="current-restriction">
            {protectionMessages.restricted(restriction)}
          </p>
          <p className="mt-2 text-sm text-emerald-100/80">{FOR_GOOD} You can make it longer below.</p>
        </div>
      </div>
    </section>
  );
}

/** Radio cards for the lengths on offer. */
function LengthChoice<T extends number>({
  legend,
  options,
  value,
  onChange,
  words,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  words: (option: T) => string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-emerald-50">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="relative flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-emerald-700 bg-emerald-950/40 px-2 text-sm font-semibold whitespace-nowrap text-emerald-50 hover:border-emerald-500 has-[:checked]:border-lime-300 has-[:checked]:bg-lime-400/15 has-[:checked]:text-lime-200 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-lime-300/70"
          >
            {/* The card is the control (three fit a 320 px phone): the radio covers it, transparent, so a
                tap anywhere on the card is on the radio itself; its state shows in the card's colours. */}
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {words(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The confirm step: what closes, until when, that it is for good; the heading takes the focus. */
function ConfirmPanel({ title, until, children }: { title: string; until: Date; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-2xl border border-amber-300/40 bg-amber-400/5 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-white focus:outline-none">
        {title}
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-emerald-50 marker:text-amber-300">
        <li>It lasts until about {describeRestrictionEnd(until.toISOString())}.</li>
        <li>{CLOSES}</li>
        <li>{FOR_GOOD}</li>
      </ul>
      {children}
    </div>
  );
}

function TimeOutChooser({ options, longer }: { options: readonly TimeOutDays[]; longer: boolean }) {
  const [days, setDays] = useState<TimeOutDays>(options[0] ?? TIME_OUT_DAYS[0]);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const takeTimeOut = useTakeTimeOut();
  const chosen = options.includes(days) ? days : (options[0] ?? days);

  const cancel = () => {
    setConfirming(false);
    setFormError(null);
    // After the panel closes, the focus goes back to where the user left.
    window.setTimeout(() => continueRef.current?.focus(), 0);
  };

  const start = () => {
    if (takeTimeOut.isPending) return;
    setFormError(null);
    takeTimeOut.mutate(
      { days: chosen },
      {
        onSuccess: (response) => {
          toast.success(response.message || protectionMessages.timeOutStarted(response.restriction.until));
          setConfirming(false);
        },
        onError: (error) =>
          setFormError(errorMessage(error, 'Could not start your break. Please try again.')),
      },
    );
  };

  if (confirming)
    return (
      <ConfirmPanel title={`Start a ${dayLength(chosen)} break?`} until={timeOutEnd(chosen)}>
        <FormAlert message={formError} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button loading={takeTimeOut.isPending} onClick={start}>
            Start my {dayLength(chosen)} break
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={takeTimeOut.isPending}>
            Cancel
          </Button>
        </div>
      </ConfirmPanel>
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <LengthChoice
        legend={longer ? 'Make it longer: a break of' : 'Length of the break'}
        options={options}
        value={chosen}
        onChange={setDays}
        words={dayWords}
      />
      <button
        ref={continueRef}
        type="button"
        className={`${buttonVariants.secondary} w-full sm:w-auto sm:self-start`}
        onClick={() => setConfirming(true)}
      >
        Take a {dayLength(chosen)} break
      </button>
    </div>
  );
}

function SelfExclusionChooser({
  options,
  longer,
}: {
  options: readonly SelfExclusionMonths[];
  longer: boolean;
}) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<'password'>();
  const [months, setMonths] = useState<SelfExclusionMonths>(options[0] ?? SELF_EXCLUSION_MONTHS[0]);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const continueRef = useRef<HTMLButtonElement>(null);
  const selfExclude = useSelfExclude();
  const chosen = options.includes(months) ? months : (options[0] ?? months);

  const cancel = () => {
    setConfirming(false);
    setPassword('');
    setErrors({});
    setFormError(null);
    window.setTimeout(() => continueRef.current?.focus(), 0);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (selfExclude.isPending) return;
    setFormError(null);
    const parsed = selfExclusionRequestSchema.safeParse({ months: chosen, password });
    if (!parsed.success) return reject(toFieldErrors<'password'>(parsed.error.issues));
    setErrors({});
    selfExclude.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(
          response.message || protectionMessages.selfExclusionStarted(response.restriction.until),
        );
        setConfirming(false);
        setPassword('');
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? toFieldErrors<'password'>(error.errors) : {};
        if (fields.password) return reject(fields);
        if (error instanceof ApiError && error.message === protectionMessages.wrongPassword)
          return reject({ password: error.message });
        setFormError(errorMessage(error, 'Could not start your self-exclusion. Please try again.'));
      },
    });
  };

  if (confirming)
    return (
      <ConfirmPanel title={`Exclude yourself for ${monthWords(chosen)}?`} until={selfExclusionEnd(chosen)}>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
          <TextField
            label="Your password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            hint="To be sure it is you who asks."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            className="sm:max-w-sm"
          />
          <FormAlert message={formError} />
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button type="submit" loading={selfExclude.isPending}>
              Exclude me for {monthWords(chosen)}
            </Button>
            <Button variant="ghost" onClick={cancel} disabled={selfExclude.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </ConfirmPanel>
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <LengthChoice
        legend={longer ? 'Make it longer: self-exclusion for' : 'Length of the self-exclusion'}
        options={options}
        value={chosen}
        onChange={setMonths}
        words={monthWords}
      />
      <button
        ref={continueRef}
        type="button"
        className={`${buttonVariants.secondary} w-full sm:w-auto sm:self-start`}
        onClick={() => setConfirming(true)}
      >
        Exclude myself for {monthWords(chosen)}
      </button>
    </div>
  );
}
