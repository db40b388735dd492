import {
  allDaysWinChance,
  describeChance,
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
 * The spec's rollover arithmetic for the first days of a plan, and beside it what a full run asks: the
 * chance every day wins at fair odds (a bookmaker's odds are shorter, so the real chance is lower).
 */
export function RolloverProjection({ stake, odds, duration }: RolloverProjectionProps) {
  const money = useMoney();
  const days = rolloverDays(stake, odds, Math.min(duration, STAKE_CALCULATOR.daysShown));
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-sm">
        <caption className="sr-only">
          Rollover of {money.format(stake)} at {odds.toFixed(2)} a day
        </caption>
        <thead>
          <tr className="text-left text-[11px] tracking-wide text-emerald-200/70 uppercase">
            <th scope="col" className="py-1 font-semibold">
              Day
            </th>
            <th scope="col" className="py-1 font-semibold">
              Stake
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Returns
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day} className="border-t border-emerald-800/60">
              <th scope="row" className="py-1.5 text-left font-semibold text-emerald-100">
                {day.day}
              </th>
              <td className="py-1.5 text-emerald-100/85 tabular-nums">{money.format(day.stake)}</td>
              <td className="py-1.5 text-right font-bold text-lime-300 tabular-nums">
                {money.format(day.returns)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="rounded-lg bg-amber-400/10 px-3 py-2 text-xs text-amber-100">
        {allDaysChanceText(odds, duration)} (at fair odds; a bookmaker's are lower).
      </p>
    </div>
  );
}
