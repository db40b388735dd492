import type { Bank, PayoutProvider as PayoutProviderId } from '@cashtips/contract/payouts';
import type { WebhookRequest } from '../payments/gateway.ts';

/**
 * What every payout (transfer) adapter offers the withdrawals service: Paystack Transfers,
 * Flutterwave v3 transfers and the built-in test provider (PAYOUTS-AND-FOOTBALL-DATA.md (a), (b)).
 * Amounts cross this boundary in kobo whatever the provider's own unit.
 */
export type { PayoutProviderId };

/** The provider's state of one transfer, reduced to what our withdrawal needs. */
export type TransferState = 'pending' | 'success' | 'failed' | 'reversed';

export interface ProviderTransfer {
  /** Our reference (the withdrawal's). */
  reference: string;
  state: TransferState;
  amountKobo: bigint | null;
  currency: string | null;
  /** Paystack's transfer code, Flutterwave's numeric id (as a string). */
  transferId: string | null;
  /** The provider's fee in kobo, when it says. */
  feeKobo: bigint | null;
  /** The provider's words for a failure or reversal, shown to the user. */
  reason: string | null;
}

export interface TransferRequest {
  reference: string;
  amountKobo: bigint;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** Paystack's `RCP_…`, made when the account was saved; null for providers that need none. */
  recipientCode: string | null;
  narration: string;
}

/** What a transfer notification is about: read back by the service before anything changes. */
export interface TransferNotice {
  reference: string;
  transferId: string | null;
}

export interface PayoutProvider {
  readonly id: PayoutProviderId;
  /** Nigerian banks, sorted by name. */
  listBanks(): Promise<Bank[]>;
  /** The account's name at the bank; null when the provider cannot resolve it (answered 422). */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>;
  /** Paystack: the transfer recipient for the account (the same one again for the same account). */
  createRecipient(account: {
    bankCode: string;
    accountNumber: string;
    accountName: string;
  }): Promise<string | null>;
  /**
   * Sends the transfer, with our reference. Throws `TransferRefused` when the provider definitely
   * did not take it (a 4xx: invalid recipient, its balance too low), `ProviderError` when the outcome
   * is unknown (timeout, 5xx): then the caller reads it back, never sends a new reference.
   * A duplicate reference is not a refusal: the adapter answers the existing transfer.
   */
  startTransfer(request: TransferRequest): Promise<ProviderTransfer>;
  /** Reads a transfer back; null when the provider does not know it. */
  fetchTransfer(transfer: { reference: string; transferId: string | null }): Promise<ProviderTransfer | null>;
  /**
   * Checks the signature over the raw body (throws 401 when it is wrong) and answers which transfer
   * the notification is about, or null for events that are not about a transfer.
   */
  readTransferWebhook(request: WebhookRequest): TransferNotice | null;
}

/** The provider answered that it will not make this transfer (nothing was sent). */
export class TransferRefused extends Error {
  override name = 'TransferRefused';
}
