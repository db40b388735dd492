const wholeNaira = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** Naira for product screens: no decimals, thousands separators, e.g. ₦1,500. */
export function formatNaira(amount: number): string {
  const value = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = value < 0 ? '-' : '';
  return `${sign}₦${wholeNaira.format(Math.abs(value))}`;
}
