/**
 * Money is integer kobo everywhere it is stored or computed; the API speaks naira numbers.
 * This module is the only place that converts between the two.
 */
export type Kobo = bigint & { readonly __brand: 'Kobo' };

export const KOBO_PER_NAIRA = 100n;

export function kobo(value: bigint): Kobo {
  return value as Kobo;
}

export function koboToNaira(amount: Kobo | bigint): number {
  return Number(amount) / Number(KOBO_PER_NAIRA);
}

/** Rejects fractions below one kobo rather than rounding money silently. */
export function nairaToKobo(naira: number): Kobo {
  const scaled = Math.round(naira * 100);
  if (!Number.isFinite(naira) || Math.abs(scaled - naira * 100) > 1e-6) {
    throw new RangeError(`Not a whole number of kobo: ${naira}`);
  }
  return BigInt(scaled) as Kobo;
}

/** Naira for sentences (messages, mails, ledger descriptions): ₦1,500 or ₦1,500.50. */
// Built once: toLocaleString would build a new formatter on every call.
const nairaInSentences = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function describeNaira(amount: Kobo | bigint): string {
  const naira = koboToNaira(amount);
  return `${naira < 0 ? '-' : ''}₦${nairaInSentences.format(Math.abs(naira))}`;
}
