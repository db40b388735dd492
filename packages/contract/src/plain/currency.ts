import { groupDigits } from './format.ts';

export const supportedCurrencies = ['NGN', 'USD', 'GBP', 'EUR'] as const;
export type CurrencyCode = (typeof supportedCurrencies)[number];

export const currencySymbols: Record<CurrencyCode, string> = { NGN: '₦', USD: '$', GBP: '£', EUR: '€' };

export const isSupportedCurrency = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && (supportedCurrencies as readonly string[]).includes(value);

/** Units of each currency per naira (NGN = 1), the shape the spec's conversion rule expects. */
export type RateMap = { NGN: 1 } & Record<Exclude<CurrencyCode, 'NGN'>, number>;

/** The spec's rule: divide by the source rate, multiply by the target rate. */
export function convertAmount(amount: number, from: CurrencyCode, to: CurrencyCode, rates: RateMap): number {
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return amount;
  return (amount / fromRate) * toRate;
}

/** Naira shows no decimals; other currencies none when whole, else two (€36.40, not €36.4). */
export function formatMoney(amount: number, currency: CurrencyCode): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const whole = currency === 'NGN' || Math.abs(value * 100 - Math.round(value) * 100) < 0.5;
  const sign = value < 0 ? '-' : '';
  return `${sign}${currencySymbols[currency]}${groupDigits(Math.abs(value), whole ? 0 : 2)}`;
}
