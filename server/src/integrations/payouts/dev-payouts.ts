import type { Bank } from '@cashtips/contract/payouts';
import type { PayoutProvider, ProviderTransfer, TransferRequest } from './payout-provider.ts';

/** Real CBN codes of a few banks, so the test provider's forms look like the real ones. */
const testBanks: Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '50211', name: 'Kuda Bank' },
  { code: '999992', name: 'OPay' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '057', name: 'Zenith Bank' },
];

export const DEV_ACCOUNT_NAME = 'Test Account';

/**
 * The built-in test provider (PAYMENTS_DEV=1, PRODUCT 11): lists a few banks, names any account
 * "Test Account" and pays at once, so the embedded default shows the whole withdrawal flow. It
 * remembers what it paid (per process) so a read-back answers like a real provider's.
 */
export function createDevPayouts(): PayoutProvider {
  const paid = new Map<string, ProviderTransfer>();
  return {
    id: 'dev',
    async listBanks() {
      return testBanks;
    },
    async resolveAccount(bankCode, accountNumber) {
      return testBanks.some((bank) => bank.code === bankCode) && /^\d{10}$/.test(accountNumber)
        ? DEV_ACCOUNT_NAME
        : null;
    },
    async createRecipient() {
      return null;
    },
    async startTransfer(request: TransferRequest) {
      const transfer: ProviderTransfer = paid.get(request.reference) ?? {
        reference: request.reference,
        state: 'success',
        amountKobo: request.amountKobo,
        currency: 'NGN',
        transferId: `dev-${request.reference}`,
        feeKobo: 0n,
        reason: null,
      };
      paid.set(request.reference, transfer);
      return transfer;
    },
    async fetchTransfer({ reference }) {
      return paid.get(reference) ?? null;
    },
    readTransferWebhook() {
      // The test provider pays at once: it never sends a notification.
      return null;
    },
  };
}
