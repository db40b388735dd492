import { koboToNaira } from '@cashtips/contract/money';
import type { Bank } from '@cashtips/contract/payouts';
import { assertFlutterwaveSender } from '../flutterwave/flutterwave.ts';
import {
  asRecord,
  asString,
  callProvider,
  nairaValueToKobo,
  ProviderError,
  parseJsonBody,
  type WebhookRequest,
} from '../payments/gateway.ts';
import type { PayoutProvider, ProviderTransfer, TransferRequest, TransferState } from './payout-provider.ts';
import {
  assertPayableKobo,
  byBankName,
  existingOrRefused,
  isClientRefusal,
  isOk,
  messageOf,
} from './provider-answers.ts';

/** Flutterwave's limit on `narration` and `beneficiary_name`. */
const MAX_TEXT = 100;

/**
 * Flutterwave v3 transfers (PAYOUTS-AND-FOOTBALL-DATA.md (b)): amounts in naira (at most 2
 * decimals; fees come back with 3, like 26.875), the envelope's `status` is the string
 * "success"/"error" while the transfer's own is NEW/PENDING/SUCCESSFUL/FAILED, and one webhook
 * event (`transfer.completed`) carries both outcomes. No recipient is made beforehand.
 */
export function createFlutterwavePayouts(options: {
  secretKey: string;
  secretHash: string;
  baseUrl: string;
}): PayoutProvider {
  const auth = { authorization: `Bearer ${options.secretKey}` };
  const get = (path: string) => callProvider(`${options.baseUrl}${path}`, { method: 'GET', headers: auth });
  const post = (path: string, body: unknown) =>
    callProvider(`${options.baseUrl}${path}`, { method: 'POST', headers: auth, body });

  async function fetchTransfer({ reference, transferId }: { reference: string; transferId: string | null }) {
    if (transferId && /^\d+$/.test(transferId)) {
      const { status, body } = await get(`/transfers/${transferId}`);
      if (isOk(status) && body.status === 'success') return toTransfer(asRecord(body.data), reference);
      // An unknown id answers 404 (or 400) with `data: null`.
      if (status === 404 || isClientRefusal(status)) return null;
      throw new ProviderError(
        `Flutterwave could not read transfer ${transferId}: ${messageOf(body, status)}`,
      );
    }
    const { status, body } = await get(`/transfers?reference=${encodeURIComponent(reference)}`);
    if (!isOk(status) || body.status !== 'success') {
      if (isClientRefusal(status)) return null;
      throw new ProviderError(`Flutterwave could not find transfer ${reference}: ${messageOf(body, status)}`);
    }
    const list = Array.isArray(body.data) ? body.data : body.data ? [body.data] : [];
    // The filter is Flutterwave's; the reference is checked again so another transfer never answers.
    const match = list.map(asRecord).find((item) => asString(item.reference) === reference);
    return match ? toTransfer(match, reference) : null;
  }

  return {
    id: 'flutterwave',

    async listBanks() {
      const { status, body } = await get('/banks/NG');
      if (!isOk(status) || body.status !== 'success' || !Array.isArray(body.data)) {
        throw new ProviderError(`Flutterwave did not list the banks: ${messageOf(body, status)}`);
      }
      const byCode = new Map<string, Bank>();
      for (const item of body.data) {
        const bank = asRecord(item);
        const code = typeof bank.code === 'string' ? bank.code.trim() : '';
        const name = typeof bank.name === 'string' ? bank.name.trim() : '';
        if (code && name && !byCode.has(code)) byCode.set(code, { code, name });
      }
      return [...byCode.values()].sort(byBankName);
    },

    async resolveAccount(bankCode, accountNumber) {
      const { status, body } = await post('/accounts/resolve', {
        account_number: accountNumber,
        account_bank: bankCode,
      });
      const name = asString(asRecord(body.data).account_name)?.trim();
      if (isOk(status) && body.status === 'success' && name) return name;
      if (isClientRefusal(status) || (isOk(status) && body.status === 'error')) return null;
      throw new ProviderError(`Flutterwave could not resolve the account: ${messageOf(body, status)}`);
    },

    async createRecipient() {
      // Flutterwave takes the bank account on every transfer: nothing to make beforehand.
      return null;
    },

    async startTransfer(request: TransferRequest) {
      assertPayableKobo(request.amountKobo);
      const { status, body } = await post('/transfers', {
        account_bank: request.bankCode,
        account_number: request.accountNumber,
        amount: koboToNaira(request.amountKobo),
        currency: 'NGN',
        debit_currency: 'NGN',
        reference: request.reference,
        narration: request.narration.slice(0, MAX_TEXT),
        beneficiary_name: request.accountName.slice(0, MAX_TEXT),
      });
      if (isOk(status) && body.status === 'success')
        return toTransfer(asRecord(body.data), request.reference);
      const refused = isClientRefusal(status) || (isOk(status) && body.status === 'error');
      if (!refused) {
        throw new ProviderError(
          `Flutterwave did not take transfer ${request.reference}: ${messageOf(body, status)}`,
        );
      }
      return existingOrRefused(fetchTransfer, request.reference, messageOf(body, status));
    },

    fetchTransfer,

    readTransferWebhook(request: WebhookRequest) {
      assertFlutterwaveSender(request, options.secretHash);
      const event = parseJsonBody(request.rawBody);
      if (event.event === 'transfer.completed') return noticeOf(asRecord(event.data));
      // A v2-style hook ({"event.type":"Transfer","transfer":{…}}) may still be sent by an old
      // dashboard setting: it names the transfer too, and the read-back decides anyway.
      if (event.event === undefined && event['event.type'] === 'Transfer') {
        return noticeOf(asRecord(event.transfer));
      }
      return null;
    },
  };
}

function noticeOf(data: Record<string, unknown>) {
  const reference = asString(data.reference);
  if (!reference) return null;
  return { reference, transferId: asString(data.id) };
}

function toTransfer(data: Record<string, unknown>, fallbackReference: string): ProviderTransfer {
  const state = mapStatus(asString(data.status));
  const message = asString(data.complete_message)?.trim();
  return {
    reference: asString(data.reference) ?? fallbackReference,
    state,
    amountKobo: nairaValueToKobo(data.amount),
    currency: asString(data.currency),
    transferId: asString(data.id),
    feeKobo: feeToKobo(data.fee),
    reason: state === 'failed' ? message || 'The bank did not accept the transfer.' : null,
  };
}

function mapStatus(status: string | null): TransferState {
  switch (status?.toUpperCase()) {
    case 'SUCCESSFUL':
      return 'success';
    case 'FAILED':
      return 'failed';
    default:
      // NEW (queued), PENDING (processing), or waiting for a dashboard approver.
      return 'pending';
  }
}

/**
 * A naira fee as Flutterwave writes it (26.875, "10.75") to kobo, half a kobo rounded up. Read
 * from the decimal digits: 26.875 * 100 is 2687.4999… in binary floating point.
 */
export function feeToKobo(value: unknown): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const kobo = BigInt(match[1] ?? '0') * 100n + BigInt(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? kobo + 1n : kobo;
}
