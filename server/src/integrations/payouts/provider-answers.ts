import type { Bank } from '@cashtips/contract/payouts';
import { asString } from '../payments/gateway.ts';

/** How the transfer adapters read a provider's HTTP answer (shared by Paystack and Flutterwave). */

export const isOk = (status: number) => status >= 200 && status < 300;

/**
 * A 4xx that says no to this request. 401/403 (our key or our server's address) and 429 (slow
 * down) are ours to fix or retry, never the user's account or transfer.
 */
export const isClientRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429;

export function messageOf(body: Record<string, unknown>, status: number): string {
  return asString(body.message)?.trim() || `HTTP ${status}`;
}

/** Kobo a provider's amount can carry exactly; anything else is our bug and is never sent. */
export function assertPayableKobo(amountKobo: bigint): void {
  if (amountKobo <= 0n || amountKobo > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Not a payable amount of kobo: ${amountKobo}`);
  }
}

export const byBankName = (a: Bank, b: Bank) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
