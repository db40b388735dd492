import { LAGOS_TIME_LABEL, lagosClockTime, lagosDay } from '@cashtips/contract/lagos-time';
import { calendarParts, groupDigits } from '@cashtips/contract/plain/format';

/** Naira for product screens: no decimals, thousands separators, e.g. ₦1,500. */
export function formatNaira(amount: number): string {
  const value = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = value < 0 ? '-' : '';
  return `${sign}₦${groupDigits(Math.abs(value))}`;
}

/** Naira as paid out: whole like formatNaira (₦5,000), with the kobo when there are any (₦5,000.50). */
export function formatNairaExact(amount: number): string {
  if (!Number.isFinite(amount)) return formatNaira(0);
  const kobo = Math.round(amount * 100);
  if (kobo % 100 === 0) return formatNaira(kobo / 100);
  return `${kobo < 0 ? '-' : ''}₦${groupDigits(Math.abs(kobo) / 100, 2)}`;
}

/**
 * A Lagos calendar date ('2026-11-21', as tips and subscriptions carry it) written out the same
 * everywhere, whatever the visitor's time zone: '21 Nov 2026', or 'Sat, 21 Nov 2026'; '—' if unreadable.
 */
export function formatLagosDay(day: string, style: 'short' | 'withWeekday' = 'short'): string {
  const parts = calendarParts(day);
  if (!parts) return '—';
  const date = `${parts.day} ${parts.monthShort} ${parts.year}`;
  return style === 'withWeekday' ? `${parts.weekdayShort}, ${date}` : date;
}

/*
 * Times and dates of the product (kickoffs, expiries, postings, purchases) are Lagos time wherever the
 * visitor's device is: the product's days are Lagos days, and a kickoff read in the device's zone by a
 * Nigerian abroad would not match the tip's day. Every screen formats them here.
 */

const instant = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The Lagos day of an instant, e.g. "3 Mar 2026"; an empty string for an unreadable date. */
export function formatDate(iso: string): string {
  const date = instant(iso);
  return date ? formatLagosDay(lagosDay(date)) : '';
}

/**
 * Day and Lagos time without the label, e.g. "3 Mar 2026, 14:05", for lists whose heading says once
 * that times are Lagos time (the admin's); an empty string for an unreadable date.
 */
export function formatLagosDateTime(iso: string): string {
  const date = instant(iso);
  return date ? `${formatLagosDay(lagosDay(date))}, ${lagosClockTime(date)}` : '';
}

/** Day and time, saying it is Lagos time: "3 Mar 2026, 14:05 Lagos time". */
export function formatDateTime(iso: string): string {
  const text = formatLagosDateTime(iso);
  return text && `${text} ${LAGOS_TIME_LABEL}`;
}

/** A Lagos time without the label, e.g. "16:00", for lists whose heading says once that times are Lagos time. */
export function formatLagosClock(iso: string): string {
  const date = instant(iso);
  return date ? lagosClockTime(date) : '';
}

/** A time of today's (a kickoff, an expiry), saying it is Lagos time: "16:00 Lagos time". */
export function formatLagosTime(iso: string): string {
  const date = instant(iso);
  return date ? `${lagosClockTime(date)} ${LAGOS_TIME_LABEL}` : '';
}
