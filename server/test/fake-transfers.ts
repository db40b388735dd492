import { createHmac } from 'node:crypto';

/**
 * The transfer (payout) side of the one-server payments fake (fake-payments.ts mounts it under
 * the same /paystack and /flutterwave/v3 prefixes as the deposits): Paystack Transfers and
 * Flutterwave v3 transfers as PAYOUTS-AND-FOOTBALL-DATA.md "What a local fake must enforce"
 * describes them. Nothing moves on a timer: a test moves a transfer with `settleTransfer` and
 * delivers the notification it answers, signed exactly as the provider signs it.
 *
 * Assumed where the doc says "recalled": the duplicate-reference wordings, Paystack's fee tiers
 * (₦10 / ₦25 / ₦50), Flutterwave's fees (₦10.75 / ₦26.875 / ₦53.75), 422 for an unresolvable
 * account, and the PENDING state between NEW and an outcome.
 */

export type TransferProvider = 'paystack' | 'flutterwave';
/** How a test ends a transfer: `rejected` (Paystack's approval URL said no) and `reversed` are Paystack's only. */
export type TransferOutcome = 'success' | 'failed' | 'reversed' | 'rejected';

export interface FakeBankAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/** Accounts both providers can name (resolve); any other (bank, account) cannot be resolved. */
export const fakeBankAccounts: readonly FakeBankAccount[] = [
  { bankCode: '058', accountNumber: '0123456789', accountName: 'ADAEZE OKONKWO' },
  { bankCode: '044', accountNumber: '0022728151', accountName: 'WES GIBBONS' },
  { bankCode: '044', accountNumber: '0690000032', accountName: 'PASTOR BRIGHT' },
  { bankCode: '011', accountNumber: '3012345678', accountName: 'CHIOMA EZE' },
  { bankCode: '50211', accountNumber: '2000123456', accountName: 'TUNDE BAKARE' },
  { bankCode: '999992', accountNumber: '8031234567', accountName: 'IBRAHIM MUSA' },
];

/** The OTP the fake's Paystack accepts (finalize a transfer, disable OTP). */
export const fakeTransferOtp = '928783';

/** The reason Flutterwave gives a transfer it accepted without the balance to pay it. */
export const flutterwaveInsufficientFunds = 'DISBURSE FAILED: Insufficient funds in customer wallet';

export interface FakeTransfer {
  provider: TransferProvider;
  reference: string;
  id: number;
  /** Paystack's `TRF_…`; Flutterwave's numeric id as a string. */
  transferCode: string;
  /** In the provider's own unit: kobo for Paystack, naira for Flutterwave. */
  amount: number;
  /** In the provider's own unit (Flutterwave's has up to 3 decimals). */
  fee: number;
  currency: string;
  /** The provider's own word: otp/pending/success/failed/rejected/reversed; NEW/PENDING/SUCCESSFUL/FAILED. */
  status: string;
  /** Paystack `gateway_response`, Flutterwave `complete_message`. */
  reason: string | null;
  narration: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  recipientCode: string | null;
  createdAt: string;
  updatedAt: string;
  transferredAt: string | null;
}

export interface Notification {
  payload: string;
  headers: Record<string, string>;
}

export interface TransferNotificationOptions {
  /** `bad`: signed with another key (hash); `missing`: no signature header at all. */
  signature?: 'good' | 'bad' | 'missing';
  /** Flutterwave: which header proves the notification (default `verif-hash`, what v3 sends). */
  flutterwaveHeader?: 'verif-hash' | 'signature' | 'both';
  /** Paystack: send this event (and status) instead of the current one: a stale, out-of-order delivery. */
  paystackEvent?: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
}

type Send = (status: number, value: unknown) => void;

interface PaystackBank {
  id: number;
  name: string;
  code: string;
  type: string;
  currency: string;
  country: string;
  active: boolean;
  is_deleted: boolean;
}

/** Real Paystack codes (strings, leading zeros), microfinance banks, and rows a list must drop. */
const paystackBanks: PaystackBank[] = [
  bank(1, 'Access Bank', '044'),
  bank(2, 'Guaranty Trust Bank', '058'),
  bank(3, 'First Bank of Nigeria', '011'),
  bank(4, 'Zenith Bank', '057'),
  bank(5, 'United Bank For Africa', '033'),
  bank(6, 'Kuda Bank', '50211'),
  bank(7, 'Moniepoint MFB', '50515'),
  bank(8, 'OPay Digital Services Limited (OPay)', '999992'),
  bank(9, 'Abbey Mortgage Bank', '801'),
  bank(10, 'Access Bank (Diamond)', '063'),
  { ...bank(11, 'Heritage Bank', '030'), active: false },
  { ...bank(12, 'Skye Bank', '076'), is_deleted: true },
  bank(13, 'Kuda Microfinance Bank', '50211'),
  { ...bank(14, 'GCB Bank', '040'), currency: 'GHS', country: 'Ghana' },
  bank(15, 'Wema Bank', '035'),
];

function bank(id: number, name: string, code: string): PaystackBank {
  return {
    id,
    name,
    code,
    type: 'nuban',
    currency: 'NGN',
    country: 'Nigeria',
    active: true,
    is_deleted: false,
  };
}

const flutterwaveBanks = [
  { id: 132, code: '044', name: 'Access Bank' },
  { id: 137, code: '011', name: 'First Bank of Nigeria' },
  { id: 139, code: '058', name: 'GTBank Plc' },
  { id: 176, code: '057', name: 'Zenith Bank' },
  { id: 174, code: '033', name: 'United Bank for Africa' },
  { id: 560, code: '50211', name: 'Kuda Microfinance Bank' },
  { id: 561, code: '999992', name: 'OPay' },
  { id: 562, code: '50211', name: 'Kuda Bank' },
  { id: 172, code: '035', name: 'Wema Bank' },
];

const integration = { id: 463433, is_live: false, business_name: 'CashTips', logo_path: null };

/** ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above; in kobo. */
const paystackFeeKobo = (amountKobo: number) =>
  amountKobo <= 500_000 ? 1_000 : amountKobo <= 5_000_000 ? 2_500 : 5_000;
/** Flutterwave's fee in naira, VAT included (the samples' 10.75 and 26.875). */
const flutterwaveFeeNaira = (naira: number) => (naira <= 5_000 ? 10.75 : naira <= 50_000 ? 26.875 : 53.75);

/** Each provider's legal moves (one step); anything else is refused. Terminal states stay. */
const legalMoves: Record<TransferProvider, Record<string, string[]>> = {
  paystack: { otp: ['pending'], pending: ['success', 'failed', 'rejected'], success: ['reversed'] },
  flutterwave: { NEW: ['PENDING'], PENDING: ['SUCCESSFUL', 'FAILED'] },
};

const referencePattern = /^[a-z0-9_-]{16,50}$/;
const isNuban = (value: unknown): value is string => typeof value === 'string' && /^\d{10}$/.test(value);
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export function createFakeTransfers(keys: { paystackSecret: string; flutterwaveHash: string }) {
  const transfers: FakeTransfer[] = [];
  const accounts: FakeBankAccount[] = [...fakeBankAccounts];
  const recipients = new Map<string, { id: number; code: string; name: string; createdAt: string }>();
  const balances: Record<TransferProvider, number> = {
    paystack: 10_000_000_000,
    flutterwave: 10_000_000_000,
  };
  const startMode: Record<TransferProvider, 'pending' | 'success'> = {
    paystack: 'pending',
    flutterwave: 'pending',
  };
  let paystackOtp = false;
  let bankPageSize = 5;
  let nextId = 860_703_000;

  const now = () => new Date().toISOString();
  const nameOf = (bankCode: string, accountNumber: string) =>
    accounts.find((item) => item.bankCode === bankCode && item.accountNumber === accountNumber)?.accountName;
  const find = (provider: TransferProvider, reference: string) =>
    transfers.find((item) => item.provider === provider && item.reference === reference);
  const paystackBankName = (code: string) => paystackBanks.find((item) => item.code === code)?.name ?? code;
  const flutterwaveBankName = (code: string) =>
    flutterwaveBanks.find((item) => item.code === code)?.name.toUpperCase() ?? code;
  const feeKobo = (transfer: FakeTransfer) =>
    transfer.provider === 'paystack' ? transfer.fee : Math.round(transfer.fee * 100);
  const amountKobo = (transfer: FakeTransfer) =>
    transfer.provider === 'paystack' ? transfer.amount : Math.round(transfer.amount * 100);

  function move(transfer: FakeTransfer, to: string, reason?: string) {
    if (!legalMoves[transfer.provider][transfer.status]?.includes(to)) {
      throw new Error(
        `${transfer.provider} transfer ${transfer.reference} cannot go from ${transfer.status} to ${to}`,
      );
    }
    transfer.status = to;
    transfer.updatedAt = now();
    if (['success', 'SUCCESSFUL'].includes(to)) {
      transfer.transferredAt = transfer.updatedAt;
      transfer.reason = reason ?? (transfer.provider === 'paystack' ? 'Approved' : 'Successful');
    }
    if (['failed', 'rejected', 'FAILED'].includes(to)) {
      // The money never left: the provider's balance gets the amount and the fee back.
      balances[transfer.provider] += amountKobo(transfer) + feeKobo(transfer);
      transfer.reason =
        reason ??
        (to === 'rejected'
          ? 'Transfer rejected by the approval URL'
          : to === 'FAILED'
            ? 'DISBURSE FAILED: Beneficiary account could not be credited'
            : 'Beneficiary account could not be credited');
    }
    if (to === 'reversed') {
      balances.paystack += amountKobo(transfer);
      transfer.reason = reason ?? 'The beneficiary bank returned the transfer';
    }
    if (to === 'PENDING') transfer.reason = null;
  }

  // ---- Paystack ---------------------------------------------------------------------------------

  function paystackBase(transfer: FakeTransfer) {
    return {
      amount: transfer.amount,
      currency: transfer.currency,
      domain: 'test',
      failures: null,
      id: transfer.id,
      reason: transfer.narration,
      reference: transfer.reference,
      source: 'balance',
      source_details: null,
      status: transfer.status,
      titan_code: null,
      transfer_code: transfer.transferCode,
      transferred_at: transfer.transferredAt,
    };
  }

  function paystackRecipient(transfer: FakeTransfer) {
    const recipient = recipients.get(`${transfer.bankCode}:${transfer.accountNumber}`);
    return {
      active: true,
      createdAt: recipient?.createdAt ?? transfer.createdAt,
      currency: 'NGN',
      domain: 'test',
      email: null,
      id: recipient?.id ?? 0,
      integration: integration.id,
      metadata: null,
      name: transfer.accountName,
      recipient_code: transfer.recipientCode,
      type: 'nuban',
      is_deleted: false,
      details: {
        authorization_code: null,
        account_number: transfer.accountNumber,
        account_name: transfer.accountName,
        bank_code: transfer.bankCode,
        bank_name: paystackBankName(transfer.bankCode),
      },
    };
  }

  /** The initiate answer: `recipient` and `integration` are numbers here. */
  function paystackInitiateData(transfer: FakeTransfer) {
    return {
      transfersessionid: [],
      transfertrials: [],
      ...paystackBase(transfer),
      integration: integration.id,
      request: transfer.id + 1_000_000,
      recipient: recipients.get(`${transfer.bankCode}:${transfer.accountNumber}`)?.id ?? 0,
      createdAt: transfer.createdAt,
      updatedAt: transfer.updatedAt,
    };
  }

  /** The verify answer: nested recipient, session, fee_charged, gateway_response. */
  function paystackVerifyData(transfer: FakeTransfer) {
    const settled = !['otp', 'pending'].includes(transfer.status);
    return {
      ...paystackBase(transfer),
      integration: integration.id,
      recipient: paystackRecipient(transfer),
      session: settled ? { provider: 'nip', id: `0000${transfer.id}` } : { provider: null, id: null },
      fee_charged: transfer.fee,
      fees_breakdown: [{ amount: String(transfer.fee), formula: null, type: 'paystack' }],
      gateway_response: transfer.reason,
      createdAt: transfer.createdAt,
      updatedAt: transfer.updatedAt,
    };
  }

  function paystackEventData(transfer: FakeTransfer, status: string) {
    const { createdAt, updatedAt, ...data } = { ...paystackVerifyData(transfer), status, integration };
    // transfer.failed samples write snake_case dates; transfer.success writes camelCase.
    const dates =
      status === 'success' ? { createdAt, updatedAt } : { created_at: createdAt, updated_at: updatedAt };
    return { ...data, ...dates };
  }

  function paystack(
    path: string,
    url: URL,
    method: string,
    body: Record<string, unknown>,
    send: Send,
  ): boolean {
    const fail = (status: number, message: string, extra: Record<string, unknown> = {}) => {
      send(status, { status: false, message, ...extra });
      return true;
    };

    if (path === '/bank' && method === 'GET') {
      const currency = url.searchParams.get('currency');
      const country = url.searchParams.get('country');
      const list = paystackBanks.filter(
        (item) =>
          (!currency || item.currency === currency.toUpperCase()) &&
          (!country || item.country.toLowerCase() === country.toLowerCase()),
      );
      // Paystack caps the page: a client asking for 100 still gets `bankPageSize` and a cursor.
      const perPage = Math.min(Number(url.searchParams.get('perPage') ?? 50) || 50, bankPageSize);
      const next = url.searchParams.get('next');
      const start = next ? list.findIndex((item) => item.id === cursorId(next)) : 0;
      if (start < 0) return fail(400, 'Invalid cursor');
      const page = list.slice(start, start + perPage);
      const following = list[start + perPage];
      send(200, {
        status: true,
        message: 'Banks retrieved',
        data: page.map((item) => ({
          ...item,
          slug: item.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          longcode: '',
          gateway: null,
          pay_with_bank: false,
          createdAt: '2020-12-07T16:19:09.000Z',
          updatedAt: '2020-12-07T16:19:19.000Z',
        })),
        meta: {
          next: following ? Buffer.from(`bank:${following.id}`).toString('base64') : null,
          previous:
            start > 0
              ? Buffer.from(`bank:${list[Math.max(0, start - perPage)]?.id}`).toString('base64')
              : null,
          perPage,
        },
      });
      return true;
    }

    if (path === '/bank/resolve' && method === 'GET') {
      const accountNumber = url.searchParams.get('account_number');
      const bankCode = url.searchParams.get('bank_code') ?? '';
      const name = isNuban(accountNumber) ? nameOf(bankCode, accountNumber) : undefined;
      if (!isNuban(accountNumber) || !paystackBanks.some((item) => item.code === bankCode) || !name) {
        fail(422, 'Could not resolve account name. Check parameters or try again.', {
          type: 'validation_error',
          code: 'invalid_params',
        });
        return true;
      }
      send(200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: accountNumber, account_name: name, bank_id: 9 },
      });
      return true;
    }

    if (path === '/transferrecipient' && method === 'POST') {
      const bankCode = body.bank_code;
      const accountNumber = body.account_number;
      if (
        body.type !== 'nuban' ||
        typeof body.name !== 'string' ||
        !body.name.trim() ||
        !isNuban(accountNumber) ||
        typeof bankCode !== 'string' ||
        !paystackBanks.some((item) => item.code === bankCode && item.active && !item.is_deleted)
      ) {
        fail(400, 'Account number or bank code is invalid', {
          type: 'validation_error',
          code: 'invalid_params',
        });
        return true;
      }
      const key = `${bankCode}:${accountNumber}`;
      // A duplicate account answers the existing recipient (Paystack: "retrieval of the existing record").
      const existing = recipients.get(key);
      const recipient = existing ?? {
        id: nextId++,
        code: `RCP_${Math.random().toString(36).slice(2, 17)}`,
        name: body.name.trim(),
        createdAt: now(),
      };
      recipients.set(key, recipient);
      send(existing ? 200 : 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          active: true,
          createdAt: recipient.createdAt,
          currency: 'NGN',
          domain: 'test',
          id: recipient.id,
          integration: integration.id,
          name: recipient.name,
          recipient_code: recipient.code,
          type: 'nuban',
          updatedAt: recipient.createdAt,
          is_deleted: false,
          details: {
            authorization_code: null,
            account_number: accountNumber,
            account_name: nameOf(bankCode, accountNumber) ?? null,
            bank_code: bankCode,
            bank_name: paystackBankName(bankCode),
          },
        },
      });
      return true;
    }

    if (path === '/transfer' && method === 'POST') {
      const entry = [...recipients.entries()].find(([, item]) => item.code === body.recipient);
      const amount = body.amount;
      if (body.source !== 'balance') return fail(400, 'Invalid source', { type: 'validation_error' });
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
        return fail(400, 'Amount should be a positive integer in kobo', { type: 'validation_error' });
      }
      if (body.currency !== undefined && body.currency !== 'NGN') {
        return fail(400, 'Currency not supported on this integration', { type: 'validation_error' });
      }
      if (!entry) {
        fail(400, 'Recipient specified is invalid', {
          type: 'validation_error',
          code: 'invalid_transfer_recipient',
          meta: {
            nextStep:
              'Provide a valid recipient. Ensure you are passing the recipient code in the recipient param',
          },
        });
        return true;
      }
      const reference = body.reference;
      if (typeof reference !== 'string' || !referencePattern.test(reference)) {
        fail(400, 'Invalid transfer reference. Only lowercase alphanumeric characters, - and _ are allowed', {
          type: 'validation_error',
        });
        return true;
      }
      if (find('paystack', reference)) {
        return fail(400, 'Duplicate Transfer Reference', { type: 'validation_error' });
      }
      const fee = paystackFeeKobo(amount);
      // The balance check counts the fee, before any transfer exists.
      if (amount + fee > balances.paystack) {
        return fail(400, 'Your balance is not enough to fulfill this request', { type: 'api_error' });
      }
      balances.paystack -= amount + fee;
      const [key, recipient] = entry;
      const [bankCode = '', accountNumber = ''] = key.split(':');
      const id = nextId++;
      const created = now();
      const transfer: FakeTransfer = {
        provider: 'paystack',
        reference,
        id,
        transferCode: `TRF_${id.toString(36)}${Math.random().toString(36).slice(2, 10)}`,
        amount,
        fee,
        currency: 'NGN',
        status: paystackOtp ? 'otp' : 'pending',
        reason: null,
        narration: typeof body.reason === 'string' ? body.reason : '',
        bankCode,
        accountNumber,
        accountName: recipient.name,
        recipientCode: recipient.code,
        createdAt: created,
        updatedAt: created,
        transferredAt: null,
      };
      transfers.push(transfer);
      if (!paystackOtp && startMode.paystack === 'success') move(transfer, 'success');
      send(200, {
        status: true,
        message: paystackOtp ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
        data: paystackInitiateData(transfer),
      });
      return true;
    }

    if (path === '/transfer/finalize_transfer' && method === 'POST') {
      const transfer = transfers.find(
        (item) =>
          item.provider === 'paystack' && item.transferCode === body.transfer_code && item.status === 'otp',
      );
      if (!transfer) return fail(400, 'Transfer code is invalid');
      if (body.otp !== fakeTransferOtp) return fail(400, 'Invalid OTP');
      move(transfer, 'pending');
      if (startMode.paystack === 'success') move(transfer, 'success');
      send(200, { status: true, message: 'Transfer has been queued', data: paystackInitiateData(transfer) });
      return true;
    }

    if (path === '/transfer/disable_otp' && method === 'POST') {
      send(200, { status: true, message: 'OTP has been sent to mobile number ending with 4321' });
      return true;
    }
    if (path === '/transfer/disable_otp_finalize' && method === 'POST') {
      if (body.otp !== fakeTransferOtp) return fail(400, 'Invalid OTP');
      paystackOtp = false;
      send(200, { status: true, message: 'OTP requirement for transfers has been disabled' });
      return true;
    }
    if (path === '/transfer/enable_otp' && method === 'POST') {
      paystackOtp = true;
      send(200, { status: true, message: 'OTP requirement for transfers has been enabled' });
      return true;
    }
    if (path === '/transfer/bulk' && method === 'POST') {
      fail(
        400,
        paystackOtp
          ? 'Please disable OTP to initiate bulk transfers'
          : 'Bulk transfers are not part of this fake',
      );
      return true;
    }

    const verify = /^\/transfer\/verify\/(.+)$/.exec(path);
    if (verify && method === 'GET') {
      const transfer = find('paystack', decodeURIComponent(verify[1] ?? ''));
      if (!transfer) return fail(404, 'Transfer not found');
      send(200, { status: true, message: 'Transfer retrieved', data: paystackVerifyData(transfer) });
      return true;
    }

    if (path === '/balance' && method === 'GET') {
      send(200, {
        status: true,
        message: 'Balances retrieved',
        data: [{ currency: 'NGN', balance: balances.paystack }],
      });
      return true;
    }
    return false;
  }

  // ---- Flutterwave ------------------------------------------------------------------------------

  function flutterwaveData(transfer: FakeTransfer) {
    return {
      id: transfer.id,
      account_number: transfer.accountNumber,
      bank_code: transfer.bankCode,
      full_name: transfer.accountName,
      created_at: transfer.createdAt,
      currency: transfer.currency,
      debit_currency: 'NGN',
      amount: transfer.amount,
      fee: transfer.fee,
      status: transfer.status,
      reference: transfer.reference,
      meta: null,
      narration: transfer.narration,
      complete_message: transfer.reason ?? '',
      requires_approval: 0,
      is_approved: 1,
      bank_name: flutterwaveBankName(transfer.bankCode),
    };
  }

  function flutterwave(
    path: string,
    url: URL,
    method: string,
    body: Record<string, unknown>,
    send: Send,
  ): boolean {
    const fail = (status: number, message: string) => {
      send(status, { status: 'error', message, data: null });
      return true;
    };

    const banks = /^\/banks\/([A-Z]{2})$/.exec(path);
    if (banks && method === 'GET') {
      send(200, {
        status: 'success',
        message: 'Banks fetched successfully',
        data: banks[1] === 'NG' ? flutterwaveBanks : [],
      });
      return true;
    }

    if (path === '/accounts/resolve' && method === 'POST') {
      const accountNumber = body.account_number;
      const bankCode = body.account_bank;
      if (typeof accountNumber !== 'string' || typeof bankCode !== 'string') {
        return fail(400, 'account_number and account_bank are required');
      }
      const name = isNuban(accountNumber) ? nameOf(bankCode, accountNumber) : undefined;
      if (!name) return fail(400, 'Sorry, that account number is invalid, please check and try again');
      send(200, {
        status: 'success',
        message: 'Account details fetched',
        data: { account_number: accountNumber, account_name: name },
      });
      return true;
    }

    if (path === '/transfers/fee' && method === 'GET') {
      const amount = Number(url.searchParams.get('amount'));
      if (!Number.isFinite(amount) || amount <= 0) return fail(400, 'amount is required');
      send(200, {
        status: 'success',
        message: 'Transfer fee fetched',
        data: [
          {
            currency: url.searchParams.get('currency') ?? 'NGN',
            fee_type: 'value',
            fee: flutterwaveFeeNaira(amount),
          },
        ],
      });
      return true;
    }

    if (path === '/transfers' && method === 'POST') {
      const problem = flutterwaveTransferProblem(body);
      if (problem) return fail(400, problem);
      const reference = String(body.reference);
      if (find('flutterwave', reference)) return fail(400, 'Transfer with this reference already exists');
      const amount = body.amount as number;
      const fee = flutterwaveFeeNaira(amount);
      const bankCode = String(body.account_bank);
      const accountNumber = String(body.account_number).trim();
      const id = nextId++;
      const created = now();
      const transfer: FakeTransfer = {
        provider: 'flutterwave',
        reference,
        id,
        transferCode: String(id),
        amount,
        fee,
        currency: String(body.currency),
        status: 'NEW',
        reason: null,
        narration: typeof body.narration === 'string' ? body.narration : '',
        bankCode,
        accountNumber,
        accountName:
          nameOf(bankCode, accountNumber) ??
          (typeof body.beneficiary_name === 'string' ? body.beneficiary_name : 'N/A'),
        recipientCode: null,
        createdAt: created,
        updatedAt: created,
        transferredAt: null,
      };
      transfers.push(transfer);
      const cost = amountKobo(transfer) + feeKobo(transfer);
      const funded = cost <= balances.flutterwave;
      if (funded) balances.flutterwave -= cost;
      send(200, {
        status: 'success',
        message: 'Transfer Queued Successfully',
        data: flutterwaveData(transfer),
      });
      // Flutterwave takes an unfunded transfer, then fails it; the answer above already said NEW.
      if (!funded) {
        move(transfer, 'PENDING');
        move(transfer, 'FAILED', flutterwaveInsufficientFunds);
        // Nothing was debited, so the failure gives nothing back.
        balances.flutterwave -= cost;
      } else if (startMode.flutterwave === 'success') {
        move(transfer, 'PENDING');
        move(transfer, 'SUCCESSFUL');
      }
      return true;
    }

    const byId = /^\/transfers\/([^/]+)$/.exec(path);
    if (byId && method === 'GET') {
      const id = byId[1] ?? '';
      if (!/^\d+$/.test(id)) return fail(400, 'Invalid transfer id');
      const transfer = transfers.find((item) => item.provider === 'flutterwave' && item.id === Number(id));
      if (!transfer) return fail(404, 'Transfer not found');
      send(200, { status: 'success', message: 'Transfer fetched', data: flutterwaveData(transfer) });
      return true;
    }

    if (path === '/transfers' && method === 'GET') {
      const reference = url.searchParams.get('reference');
      const status = url.searchParams.get('status');
      const list = transfers.filter(
        (item) =>
          item.provider === 'flutterwave' &&
          (!reference || item.reference === reference) &&
          (!status || item.status.toLowerCase() === status.toLowerCase()),
      );
      send(200, {
        status: 'success',
        message: 'Transfers fetched',
        meta: { page_info: { total: list.length, current_page: 1, total_pages: 1 } },
        data: list.map(flutterwaveData),
      });
      return true;
    }
    return false;
  }

  function flutterwaveTransferProblem(body: Record<string, unknown>): string | null {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
      return 'amount must be a positive number';
    if (!twoDecimals(amount)) return 'amount must have at most 2 decimal places';
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) return 'currency is required';
    if (typeof body.account_bank !== 'string' || !body.account_bank) return 'account_bank is required';
    if (
      typeof body.account_number !== 'string' ||
      !body.account_number.trim() ||
      body.account_number.length > 20
    ) {
      return 'account_number is required';
    }
    if (!flutterwaveBanks.some((item) => item.code === body.account_bank)) return 'Invalid account bank';
    for (const field of ['narration', 'callback_url', 'beneficiary_name'] as const) {
      const value = body[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > 100)) {
        return `${field} must be at most 100 characters`;
      }
    }
    if (typeof body.reference !== 'string' || !body.reference.trim() || body.reference.length > 100) {
      return 'reference must be at most 100 characters';
    }
    return null;
  }

  // ---- Notifications and test controls ----------------------------------------------------------

  function transfer(provider: TransferProvider, reference: string): FakeTransfer {
    const found = find(provider, reference);
    if (!found) throw new Error(`the fake ${provider} never started transfer ${reference}`);
    return found;
  }

  function transferNotification(
    provider: TransferProvider,
    reference: string,
    options: TransferNotificationOptions = {},
  ): Notification {
    const found = transfer(provider, reference);
    const signature = options.signature ?? 'good';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (provider === 'paystack') {
      const event =
        options.paystackEvent ??
        (found.status === 'success'
          ? 'transfer.success'
          : found.status === 'reversed'
            ? 'transfer.reversed'
            : ['failed', 'rejected'].includes(found.status)
              ? 'transfer.failed'
              : null);
      if (!event) throw new Error(`Paystack sends no transfer event for a ${found.status} transfer`);
      const status = options.paystackEvent ? options.paystackEvent.slice('transfer.'.length) : found.status;
      const payload = JSON.stringify({ event, data: paystackEventData(found, status) });
      const key = signature === 'bad' ? 'sk_test_someone_else' : keys.paystackSecret;
      if (signature !== 'missing') {
        headers['x-paystack-signature'] = createHmac('sha512', key).update(payload).digest('hex');
      }
      return { payload, headers };
    }
    if (!['SUCCESSFUL', 'FAILED'].includes(found.status)) {
      throw new Error(`Flutterwave sends no transfer.completed for a ${found.status} transfer`);
    }
    const { full_name, ...rest } = flutterwaveData(found);
    const payload = JSON.stringify({
      event: 'transfer.completed',
      'event.type': 'Transfer',
      data: { ...rest, fullname: full_name, approver: null },
    });
    const hash = signature === 'bad' ? 'guessed-secret-hash' : keys.flutterwaveHash;
    const mode = options.flutterwaveHeader ?? 'verif-hash';
    if (signature !== 'missing') {
      if (mode !== 'signature') headers['verif-hash'] = hash;
      if (mode !== 'verif-hash') {
        headers['flutterwave-signature'] = createHmac('sha256', hash).update(payload).digest('base64');
      }
    }
    return { payload, headers };
  }

  const controls = {
    /** Every transfer the fake accepted, in order (assert "exactly one transfer per withdrawal"). */
    transfers(provider?: TransferProvider): FakeTransfer[] {
      return transfers.filter((item) => !provider || item.provider === provider);
    },
    /** One transfer by our reference; throws when the provider never accepted it. */
    transfer,
    /**
     * Ends a transfer the way the provider would (refusing moves its state machine forbids) and
     * answers the notification it sends, signed over the exact bytes. Flutterwave passes through
     * PENDING on the way; Paystack's `otp` transfers must be finalized first.
     */
    settleTransfer(
      provider: TransferProvider,
      reference: string,
      outcome: TransferOutcome,
      reason?: string,
      options?: TransferNotificationOptions,
    ): Notification {
      const found = transfer(provider, reference);
      if (provider === 'paystack') {
        move(found, outcome, reason);
      } else {
        if (outcome === 'reversed' || outcome === 'rejected') {
          throw new Error(`Flutterwave transfers are never ${outcome}`);
        }
        if (found.status === 'NEW') move(found, 'PENDING');
        move(found, outcome === 'success' ? 'SUCCESSFUL' : 'FAILED', reason);
      }
      return transferNotification(provider, reference, options);
    },
    /** One legal step of the provider's state machine without a notification (Flutterwave NEW → PENDING). */
    setTransferStatus(provider: TransferProvider, reference: string, status: string, reason?: string) {
      move(transfer(provider, reference), status, reason);
    },
    /** The notification for a transfer's current state again (a duplicate delivery), or a forged one. */
    transferNotification,
    /** Paystack's transfer balance in kobo (amount + fee is debited on acceptance). */
    setPaystackBalance(kobo: number) {
      balances.paystack = kobo;
    },
    paystackBalance: () => balances.paystack,
    /** Flutterwave's wallet in kobo: a transfer beyond it is accepted, then FAILED (insufficient funds). */
    setFlutterwaveBalance(kobo: number) {
      balances.flutterwave = kobo;
    },
    flutterwaveBalance: () => balances.flutterwave,
    /** Paystack's "Confirm transfers before sending": transfers answer `otp` until finalized. */
    setPaystackOtp(on: boolean) {
      paystackOtp = on;
    },
    /**
     * What a new transfer is at once: `pending` (live behaviour, the outcome comes by webhook) or
     * `success` (Paystack's test mode answers success; Flutterwave answers NEW and settles right after).
     */
    setTransferStart(provider: TransferProvider, mode: 'pending' | 'success') {
      startMode[provider] = mode;
    },
    /** How many banks the fake's Paystack puts on one page whatever perPage asks (default 5). */
    setPaystackBankPageSize(size: number) {
      bankPageSize = size;
    },
    /** Adds an account both providers can resolve. */
    addBankAccount(account: FakeBankAccount) {
      accounts.push(account);
    },
  };

  return {
    controls,
    /** Handles a transfer route below a provider's prefix; false when the path is not one. */
    handle(
      provider: TransferProvider,
      path: string,
      url: URL,
      method: string,
      body: Record<string, unknown>,
      send: Send,
    ) {
      return provider === 'paystack'
        ? paystack(path, url, method, body, send)
        : flutterwave(path, url, method, body, send);
    },
  };
}

function cursorId(cursor: string): number {
  const match = /^bank:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : -1;
}
