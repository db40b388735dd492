import type { Bank } from '@cashtips/contract/payouts';
import { asString } from '../payments/gateway.ts';
import { type ProviderTransfer, TransferRefused } from './payout-provider.ts';

/** How the transfer adapters read a provider's HTTP answer (shared by Paystack and Flutterwave). */

export const isOk = (status: number) => status >= 200 && status < 300;

/**
 * 4xx answers that are not about this request: our key or our server's address (401, 403), a
 * wrong base URL (404, 405), a timeout whose outcome is unknown (408), slow down (429). They are
 * ours to fix or retry, never a verdict on the user's account or transfer.
 */
const notAVerdict = new Set([401, 403, 404, 405, 408, 429]);

/** A 4xx in which the provider says no to this very request (400, 409, 422, …). */
export const isClientRefusal = (status: number) => status >= 400 && status < 500 && !notAVerdict.has(status);

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

/**
 * What a provider's refusal of a transfer means. A duplicate reference means an earlier attempt went
 * through (its answer was lost): that transfer is the answer. A refused request leaves no transfer,
 * so reading back tells the two apart without matching wordings the providers do not publish.
 */
export async function existingOrRefused(
  fetchTransfer: (transfer: { reference: string; transferId: null }) => Promise<ProviderTransfer | null>,
  reference: string,
  message: string,
): Promise<ProviderTransfer> {
  const existing = await fetchTransfer({ reference, transferId: null });
  if (existing) return existing;
  throw new TransferRefused(message);
}
