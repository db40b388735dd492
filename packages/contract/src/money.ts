/**
 * Money is integer kobo everywhere it is stored or computed; the API speaks naira numbers.
 * This module is the only place that converts between the two.
 */
import { groupDigits } from './plain/format.ts';

export type Kobo = bigint & { readonly __brand: 'Kobo' };

export const KOBO_PER_NAIRA = 100n;

export function kobo(value: bigint): Kobo {
  return value as Kobo;
}

export function koboToNaira(amount: Kobo | bigint): number {
  return Number(amount) / Number(KOBO_PER_NAIRA);
}

/**
 * The one rule for naira amounts that arrive as numbers: a whole number of kobo. Binary floating
 * point may hold 0.3 as 0.30000000000000004, so the test allows the few units of rounding error a
 * decimal amount picks up, relative to its size; 1e-9 (which would round to 0 kobo) is refused.
 */
export function isWholeKobo(naira: number): boolean {
  if (!Number.isFinite(naira)) return false;
  const scaled = Math.round(naira * 100);
  if (!Number.isSafeInteger(scaled)) return false;
  return Math.abs(scaled / 100 - naira) <= Number.EPSILON * Math.max(1, Math.abs(naira)) * 4;
}

/** Rejects fractions below one kobo rather than rounding money silently. */
export function nairaToKobo(naira: number): Kobo {
  if (!isWholeKobo(naira)) throw new RangeError(`Not a whole number of kobo: ${naira}`);
  return BigInt(Math.round(naira * 100)) as Kobo;
}

/** Naira for sentences (messages, mails, ledger descriptions): ₦1,500 or ₦1,500.50. */
export function describeNaira(amount: Kobo | bigint): string {
  const naira = koboToNaira(amount);
  return `${naira < 0 ? '-' : ''}₦${groupDigits(Math.abs(naira), 0, 2)}`;
}
