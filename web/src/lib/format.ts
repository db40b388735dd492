const wholeNaira = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** Naira for product screens: no decimals, thousands separators, e.g. ₦1,500. */
export function formatNaira(amount: number): string {
  const value = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = value < 0 ? '-' : '';
  return `${sign}₦${wholeNaira.format(Math.abs(value))}`;
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit' });

/** A day in the visitor's local time, e.g. "3 Mar 2026"; an empty string for an unreadable date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Day and time in the visitor's local time, e.g. "3 Mar 2026, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${dateFormat.format(date)}, ${timeFormat.format(date)}`;
}

const lagosDayFormats = {
  short: new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  withWeekday: new Intl.DateTimeFormat('en-NG', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
};

/**
 * A Lagos calendar date ('2026-11-21', as tips and subscriptions carry it) written out the same
 * everywhere, whatever the visitor's time zone: '21 Nov 2026', or 'Sat, 21 Nov 2026'; '—' if unreadable.
 */
export function formatLagosDay(day: string, style: keyof typeof lagosDayFormats = 'short'): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? '—' : lagosDayFormats[style].format(time);
}
