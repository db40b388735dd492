/**
 * Every "day" of the product is an Africa/Lagos calendar day: today, day numbers of a subscription,
 * the next midnight, the day a tip is posted for. Lagos is UTC+1 all year (no daylight saving), so a
 * fixed offset is exact; this module is the only place that knows it, for the server and the web app.
 */
import { calendarParts } from './plain/format.ts';

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
/** How a time says which clock it is on, on every screen and in the bot's messages. */
export const LAGOS_TIME_LABEL = 'Lagos time';
const LAGOS_OFFSET = '+01:00';
const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A Lagos calendar date, 'YYYY-MM-DD'. */
export type LagosDay = string;

export function isLagosDay(value: string): value is LagosDay {
  if (!DAY_PATTERN.test(value)) return false;
  const start = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(start) && new Date(start).toISOString().slice(0, 10) === value;
}

/** The Lagos date an instant falls on (23:30 UTC is already the next day in Lagos). */
export function lagosDay(instant: Date): LagosDay {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Lagos day begins (its midnight, 23:00 UTC the evening before). */
export function lagosDayStart(day: LagosDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS);
}

export function addLagosDays(day: LagosDay, days: number): LagosDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one Lagos date to another (0 for the same day, negative when `to` is earlier). */
export function lagosDaysBetween(from: LagosDay, to: LagosDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The same Lagos wall-clock time `months` calendar months later (a self-exclusion's end): 31 March
 * plus one month is 30 April, the last day of the shorter month.
 */
export function addLagosMonths(instant: Date, months: number): Date {
  const local = new Date(instant.getTime() + LAGOS_OFFSET_MS);
  const target = new Date(local.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(local.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(local.getUTCDate(), lastDay));
  return new Date(target.getTime() - LAGOS_OFFSET_MS);
}

/** The next Lagos midnight after an instant: when "today" ends. */
export function nextLagosMidnight(instant: Date): Date {
  return lagosDayStart(addLagosDays(lagosDay(instant), 1));
}

/** The Lagos midnight that ends the last day of a run of `days` days starting on `firstDay`. */
export function lagosMidnightEnding(firstDay: LagosDay, days: number): Date {
  return lagosDayStart(addLagosDays(firstDay, days));
}

/** An instant as Lagos wall-clock 'HH:mm'. */
export function lagosClockTime(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(11, 16);
}

/** '2025-03-01T18:00' typed in Lagos time → '2025-03-01T18:00:00+01:00'; '' stays '' so a schema reports it. */
export function lagosInputToIso(value: string): string {
  const trimmed = value.trim().slice(0, 16);
  return LOCAL_PATTERN.test(trimmed) ? `${trimmed}:00${LAGOS_OFFSET}` : value.trim();
}

/** An instant → the datetime-local value that shows it in Lagos time ('' for a missing or bad date). */
export function isoToLagosInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return new Date(time + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

/** A Lagos date in a sentence: '2026-11-24' → 'Tue 24 Nov' (notifications, activity, titles). */
export function describeLagosDay(day: LagosDay): string {
  const parts = calendarParts(day);
  return parts ? `${parts.weekdayShort} ${parts.day} ${parts.monthShort}` : day;
}

/** A Lagos date written out in full: '2026-11-27' → 'Friday 27 November' (search snippets, sharing). */
export function describeLagosDayInFull(day: LagosDay): string {
  const parts = calendarParts(day);
  return parts ? `${parts.weekdayLong} ${parts.day} ${parts.monthLong}` : day;
}
