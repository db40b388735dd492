import type { Bank } from '@cashtips/contract/payouts';
import {
  asRecord,
  asString,
  callProvider,
  header,
  hmacHex,
  invalidSignature,
  ProviderError,
  parseJsonBody,
  safeEqual,
  type WebhookRequest,
} from '../payments/gateway.ts';
import {
  type PayoutProvider,
  type ProviderTransfer,
  TransferRefused,
  type TransferRequest,
  type TransferState,
} from './payout-provider.ts';
import {
  assertPayableKobo,
  byBankName,
  existingOrRefused,
  isClientRefusal,
  isOk,
  messageOf,
} from './provider-answers.ts';

/** Paystack answers at most this many pages of banks before we stop following `meta.next`. */
const MAX_BANK_PAGES = 50;

const transferEvents = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

/**
 * Paystack Transfers (PAYOUTS-AND-FOOTBALL-DATA.md (a)): amounts in kobo, bank codes and account
 * numbers as strings (leading zeros), our withdrawal reference as the transfer reference so a retry
 * can never pay twice. The same secret key signs the webhooks (hex HMAC-SHA512 of the raw body).
 */
export function createPaystackPayouts(options: { secretKey: string; baseUrl: string }): PayoutProvider {
  const auth = { authorization: `Bearer ${options.secretKey}` };
  const get = (path: string) => callProvider(`${options.baseUrl}${path}`, { method: 'GET', headers: auth });
  const post = (path: string, body: unknown) =>
    callProvider(`${options.baseUrl}${path}`, { method: 'POST', headers: auth, body });

  async function createRecipient(account: { bankCode: string; accountNumber: string; accountName: string }) {
    const { status, body } = await post('/transferrecipient', {
      type: 'nuban',
      name: account.accountName,
      account_number: account.accountNumber,
      bank_code: account.bankCode,
      currency: 'NGN',
    });
    const code = asString(asRecord(body.data).recipient_code);
    if (isOk(status) && body.status === true && code) return code;
    if (isClientRefusal(status)) throw new TransferRefused(messageOf(body, status));
    throw new ProviderError(`Paystack did not create the recipient: ${messageOf(body, status)}`);
  }

  async function fetchTransfer({ reference }: { reference: string; transferId: string | null }) {
    const { status, body } = await get(`/transfer/verify/${encodeURIComponent(reference)}`);
    if (status === 404) return null;
    if (!isOk(status) || body.status !== true) {
      throw new ProviderError(`Paystack could not read transfer ${reference}: ${messageOf(body, status)}`);
    }
    return toTransfer(asRecord(body.data), reference);
  }

  return {
    id: 'paystack',

    async listBanks() {
      const byCode = new Map<string, Bank>();
      let cursor: string | null = null;
      const seen = new Set<string>();
      for (let page = 0; page < MAX_BANK_PAGES; page += 1) {
        const query = `/bank?country=nigeria&currency=NGN&perPage=100&use_cursor=true${
          cursor ? `&next=${encodeURIComponent(cursor)}` : ''
        }`;
        const { status, body } = await get(query);
        if (!isOk(status) || body.status !== true || !Array.isArray(body.data)) {
          throw new ProviderError(`Paystack did not list the banks: ${messageOf(body, status)}`);
        }
        for (const item of body.data) {
          const bank = asRecord(item);
          const code = typeof bank.code === 'string' ? bank.code.trim() : '';
          const name = typeof bank.name === 'string' ? bank.name.trim() : '';
          if (!code || !name || bank.active === false || bank.is_deleted === true) continue;
          if (bank.type !== undefined && bank.type !== 'nuban') continue;
          if (bank.currency !== undefined && bank.currency !== null && bank.currency !== 'NGN') continue;
          if (!byCode.has(code)) byCode.set(code, { code, name });
        }
        const next = asString(asRecord(body.meta).next);
        // A cursor seen before would loop for ever: the list is complete as far as we can tell.
        if (!next || seen.has(next)) break;
        seen.add(next);
        cursor = next;
      }
      return [...byCode.values()].sort(byBankName);
    },

    async resolveAccount(bankCode, accountNumber) {
      const { status, body } = await get(
        `/bank/resolve?account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`,
      );
      const name = asString(asRecord(body.data).account_name)?.trim();
      if (isOk(status) && body.status === true && name) return name;
      // Paystack answers 422 (sometimes 400) when it cannot name the account; a bad key or a rate
      // limit is our problem, not the user's account number.
      if (isClientRefusal(status)) return null;
      throw new ProviderError(`Paystack could not resolve the account: ${messageOf(body, status)}`);
    },

    createRecipient,

    async startTransfer(request: TransferRequest) {
      assertPayableKobo(request.amountKobo);
      const recipient =
        request.recipientCode ??
        (await createRecipient({
          bankCode: request.bankCode,
          accountNumber: request.accountNumber,
          accountName: request.accountName,
        }));
      const { status, body } = await post('/transfer', {
        source: 'balance',
        amount: Number(request.amountKobo),
        recipient,
        reference: request.reference,
        reason: request.narration,
        currency: 'NGN',
      });
      if (isOk(status) && body.status === true) return toTransfer(asRecord(body.data), request.reference);
      if (!isClientRefusal(status)) {
        throw new ProviderError(
          `Paystack did not take transfer ${request.reference}: ${messageOf(body, status)}`,
        );
      }
      return existingOrRefused(fetchTransfer, request.reference, messageOf(body, status));
    },

    fetchTransfer,

    readTransferWebhook(request: WebhookRequest) {
      const signature = header(request, 'x-paystack-signature');
      const expected = hmacHex('sha512', options.secretKey, request.rawBody);
      if (!signature || !safeEqual(signature.trim().toLowerCase(), expected)) throw invalidSignature();
      const event = parseJsonBody(request.rawBody);
      if (typeof event.event !== 'string' || !transferEvents.has(event.event)) return null;
      const data = asRecord(event.data);
      const reference = asString(data.reference);
      if (!reference) return null;
      return { reference, transferId: asString(data.transfer_code) };
    },
  };
}

function toTransfer(data: Record<string, unknown>, fallbackReference: string): ProviderTransfer {
  const state = mapStatus(asString(data.status));
  return {
    reference: asString(data.reference) ?? fallbackReference,
    state,
    amountKobo: integerKobo(data.amount),
    currency: asString(data.currency),
    transferId: asString(data.transfer_code),
    feeKobo: integerKobo(data.fee_charged),
    reason: state === 'failed' || state === 'reversed' ? reasonOf(data) : null,
  };
}

/** Paystack's transfer status words (openapi enum) reduced to ours; an unknown word waits. */
function mapStatus(status: string | null): TransferState {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'abandoned':
    case 'rejected':
    case 'blocked':
      return 'failed';
    case 'reversed':
      return 'reversed';
    default:
      // pending, received, queued, and otp (the operator left "Confirm transfers" on: the
      // transfer waits for them, it is not lost).
      return 'pending';
  }
}

function reasonOf(data: Record<string, unknown>): string {
  const gateway = asString(data.gateway_response)?.trim();
  if (gateway) return gateway;
  const failures = data.failures;
  if (typeof failures === 'string' && failures.trim()) return failures.trim();
  if (Array.isArray(failures)) {
    const words = failures
      .map((item) => (typeof item === 'string' ? item : asString(asRecord(item).message)))
      .filter((word): word is string => Boolean(word?.trim()));
    if (words.length) return words.join('; ');
  }
  const failureMessage = asString(asRecord(failures).message)?.trim();
  if (failureMessage) return failureMessage;
  const status = asString(data.status);
  return status === 'reversed' ? 'The bank returned the transfer.' : 'The bank did not accept the transfer.';
}

function integerKobo(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  return null;
}
