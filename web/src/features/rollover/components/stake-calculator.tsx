import {
  allDaysWinChance,
  describeChance,
  type RolloverDay,
  rolloverDays,
  STAKE_CALCULATOR,
} from '@cashtips/contract/rollover';
import { useId } from 'react';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';

/** A stake the calculator can use: whole hundreds from the minimum up (spec: minimum 100, step 100). */
export function normaliseStake(value: number): number {
  if (!Number.isFinite(value) || value < STAKE_CALCULATOR.min) return STAKE_CALCULATOR.min;
  return Math.round(value / STAKE_CALCULATOR.step) * STAKE_CALCULATOR.step;
}

interface StakeInputProps {
  value: string;
  onChange: (value: string) => void;
}

/** The one stake every plan card on the page works with. */
export function StakeInput({ value, onChange }: StakeInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const number = Number(value);
  const invalid = value !== '' && (!Number.isFinite(number) || number < STAKE_CALCULATOR.min);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-white">
        Your stake (₦)
      </label>
      <input
        id={id}
        name="stake"
        type="number"
        inputMode="numeric"
        min={STAKE_CALCULATOR.min}
        step={STAKE_CALCULATOR.step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        className={`${inputClass} ${inputBorder(invalid)} max-w-48 tabular-nums`}
      />
      <p id={hintId} className={`text-xs ${invalid ? 'text-rose-300' : 'text-emerald-100/70'}`}>
        {invalid
          ? `The smallest stake is ₦${STAKE_CALCULATOR.min}; the cards use ₦${STAKE_CALCULATOR.min}.`
          : `From ₦${STAKE_CALCULATOR.min}, in steps of ₦${STAKE_CALCULATOR.step}.`}
      </p>
    </div>
  );
}

/** The chance a whole run wins if each day's odds were fair, in words people read. */
export function allDaysChanceText(odds: number, days: number): string {
  return `${describeChance(allDaysWinChance(odds, days))} chance all ${days} ${days === 1 ? 'day wins' : 'days win'}`;
}

interface RolloverProjectionProps {
  stake: number;
  odds: number;
  duration: number;
}

/**
 * The spec's rollover arithmetic for the first days of a plan, each day's figures with the sentence
 * that explains them (a bettor expects the whole return to roll, and day 2's smaller stake needs its
 * reason beside it), what the run leaves if every shown day wins, what a loss costs, and the chance
 * every day wins at fair odds (a bookmaker's odds are shorter, so the real chance is lower). Words and
 * figures come from the same `rolloverDays` numbers.
 */
export function RolloverProjection({ stake, odds, duration }: RolloverProjectionProps) {
  const money = useMoney();
  const days = rolloverDays(stake, odds, Math.min(duration, STAKE_CALCULATOR.daysShown));
  const last = days.at(-1);
  if (!last) return null;
  const initial = days[0]?.stake ?? stake;
  const oddsText = odds.toFixed(2);
  const gained = last.returns - last.kept;
  const explain = (day: RolloverDay): string => {
    const bet = `Stake ${money.format(day.stake)} at ${oddsText} returns ${money.format(day.returns)}`;
    const hasNextDay = day.day < duration;
    if (day.kept > 0) {
      return hasNextDay
        ? `${bet}. You keep your ${money.format(day.kept)} stake back; the ${money.format(day.rollsOver)} profit rolls over as day ${day.day + 1}'s stake.`
        : `${bet}: your ${money.format(day.kept)} stake back and ${money.format(day.rollsOver)} profit.`;
    }
    return hasNextDay ? `${bet}, all of it rolling over as day ${day.day + 1}'s stake.` : `${bet}.`;
  };
  return (
    <div className="flex flex-col gap-2">
      <ol
        aria-label={`Rollover of ${money.format(initial)} at ${oddsText} a day`}
        className="flex flex-col gap-2"
      >
        {days.map((day) => (
          <li key={day.day} className="rounded-lg bg-emerald-950/50 px-3 py-2">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-emerald-100">Day {day.day}</span>
              <span className="tabular-nums">
                <span className="text-emerald-100/85">{money.format(day.stake)}</span>
                <span className="text-emerald-200/70"> → </span>
                <span className="font-bold text-lime-300">{money.format(day.returns)}</span>
              </span>
            </p>
            <p className="mt-0.5 text-xs text-emerald-100/75">{explain(day)}</p>
          </li>
        ))}
      </ol>
      <p className="text-sm text-emerald-50">
        After {days.length} {days.length === 1 ? 'day' : 'days'}, if{' '}
        {days.length === 1 ? 'it wins' : 'each wins'}: your {money.format(initial)} stake back plus{' '}
        <span className="font-semibold text-lime-300 tabular-nums">{money.format(gained)}</span>.
      </p>
      <p className="text-xs text-emerald-100/75">
        {duration === 1
          ? `If it loses, your ${money.format(initial)} stake is lost.`
          : `Lose on day 1 and your ${money.format(initial)} stake is lost; lose on a later day and only that day's stake, the profit rolled over, is lost.`}
      </p>
      <p className="rounded-lg bg-amber-400/10 px-3 py-2 text-xs text-amber-100">
        {allDaysChanceText(odds, duration)} (at fair odds; a bookmaker's are lower).
      </p>
    </div>
  );
}
