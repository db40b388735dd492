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
