import { addLagosDays, type LagosDay, lagosDay } from '@cashtips/contract/lagos-time';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A Lagos date for people: 'Today', 'Yesterday' or 'Sat, 21 Nov 2026'. */
export function dayLabel(day: LagosDay, now = new Date()): string {
  const today = lagosDay(now);
  if (day === today) return 'Today';
  if (day === addLagosDays(today, -1)) return 'Yesterday';
  return formatLagosDay(day);
}

/** A Lagos date written out, e.g. 'Sat, 21 Nov 2026'. */
export function formatLagosDay(day: LagosDay): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dateFormat.format(time);
}
