import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakePayments,
  flutterwaveInsufficientFunds,
  startFakePayments,
} from '../../../test/fake-payments.ts';
import { ProviderError, type WebhookRequest } from '../payments/gateway.ts';
import { createFlutterwavePayouts, feeToKobo } from './flutterwave-transfers.ts';
import { type PayoutProvider, TransferRefused, type TransferRequest } from './payout-provider.ts';

let fake: FakePayments;
let flutterwave: PayoutProvider;

beforeEach(async () => {
  fake = await startFakePayments();
  flutterwave = connect();
});
afterEach(() => fake.close());

function connect(secretKey = fake.env.FLUTTERWAVE_SECRET_KEY) {
  return createFlutterwavePayouts({
    secretKey,
    secretHash: fake.env.FLUTTERWAVE_SECRET_HASH,
    baseUrl: fake.env.FLUTTERWAVE_BASE_URL,
  });
}

let serial = 0;
function request(extra: Partial<TransferRequest> = {}): TransferRequest {
  serial += 1;
  return {
    reference: `wd_${String(serial).padStart(4, '0')}_0123456789abcdef`,
    amountKobo: 150_050n,
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: 'ADAEZE OKONKWO',
    recipientCode: null,
    narration: 'CashTips withdrawal',
    ...extra,
  };
}

const calls = (method: string, path: string) =>
  fake.requests.filter((call) => call.method === method && call.path === `/flutterwave/v3${path}`);

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to throw');
    },
    (error: unknown) => error,
  );
}

function catchSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

const webhook = (notification: { payload: string; headers: Record<string, string> }): WebhookRequest => ({
  rawBody: Buffer.from(notification.payload),
  headers: notification.headers,
});

const byReference = (reference: string) => flutterwave.fetchTransfer({ reference, transferId: null });

describe('banks and accounts', () => {
  it('lists the banks once each, sorted by name, codes kept as strings', async () => {
    const banks = await flutterwave.listBanks();
    expect(banks.map((bank) => bank.name)).toEqual([
      'Access Bank',
      'First Bank of Nigeria',
      'GTBank Plc',
      'Kuda Microfinance Bank',
      'OPay',
      'United Bank for Africa',
      'Wema Bank',
      'Zenith Bank',
    ]);
    expect(banks).toContainEqual({ code: '044', name: 'Access Bank' });
    expect(banks).toContainEqual({ code: '011', name: 'First Bank of Nigeria' });
    expect(calls('GET', '/banks/NG')).toHaveLength(1);
  });

  it('resolves with a POST of account_number and account_bank; null when it cannot', async () => {
    expect(await flutterwave.resolveAccount('058', '0123456789')).toBe('ADAEZE OKONKWO');
    expect(calls('POST', '/accounts/resolve')[0]?.body).toEqual({
      account_number: '0123456789',
      account_bank: '058',
    });
    expect(await flutterwave.resolveAccount('058', '0123456780')).toBeNull();
    fake.failNextCalls(1, { provider: 'flutterwave', path: '/accounts/resolve' });
    expect(await thrown(flutterwave.resolveAccount('058', '0123456789'))).toBeInstanceOf(ProviderError);
    expect(await thrown(connect('FLWSECK_TEST-revoked').resolveAccount('058', '0123456789'))).toBeInstanceOf(
      ProviderError,
    );
  });

  it('needs no recipient', async () => {
    expect(
      await flutterwave.createRecipient({ bankCode: '058', accountNumber: '0123456789', accountName: 'A' }),
    ).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('starting a transfer', () => {
  it('sends naira (at most 2 decimals) with our reference; NEW is pending; the id is the numeric one', async () => {
    const wanted = request();
    const transfer = await flutterwave.startTransfer(wanted);
    expect(calls('POST', '/transfers')[0]?.body).toEqual({
      account_bank: '058',
      account_number: '0123456789',
      amount: 1500.5,
      currency: 'NGN',
      debit_currency: 'NGN',
      reference: wanted.reference,
      narration: 'CashTips withdrawal',
      beneficiary_name: 'ADAEZE OKONKWO',
    });
    const stored = fake.transfer('flutterwave', wanted.reference);
    expect(stored.status).toBe('NEW');
    expect(transfer).toEqual({
      reference: wanted.reference,
      state: 'pending',
      amountKobo: 150_050n,
      currency: 'NGN',
      transferId: String(stored.id),
      feeKobo: 1_075n,
      reason: null,
    });
  });

  it.each([
    [1n, 0.01],
    [10n, 0.1],
    [100_000n, 1_000],
    [123_456_789n, 1_234_567.89],
  ])('%s kobo is sent as ₦%s', async (amountKobo, naira) => {
    const wanted = request({ amountKobo });
    await flutterwave.startTransfer(wanted);
    expect(calls('POST', '/transfers')[0]?.body).toMatchObject({ amount: naira });
    expect(fake.transfer('flutterwave', wanted.reference).amount).toBe(naira);
  });

  it('keeps narration and beneficiary name within 100 characters', async () => {
    await flutterwave.startTransfer(request({ narration: 'n'.repeat(150), accountName: 'A'.repeat(120) }));
    const body = calls('POST', '/transfers')[0]?.body as Record<string, string>;
    expect(body.narration).toHaveLength(100);
    expect(body.beneficiary_name).toHaveLength(100);
  });

  it('a duplicate reference answers the existing transfer: one transfer', async () => {
    const wanted = request();
    const first = await flutterwave.startTransfer(wanted);
    fake.setTransferStatus('flutterwave', wanted.reference, 'PENDING');
    const again = await flutterwave.startTransfer(wanted);
    expect(again).toMatchObject({ transferId: first.transferId, state: 'pending', amountKobo: 150_050n });
    expect(fake.transfers('flutterwave')).toHaveLength(1);
  });

  it('an answer lost after Flutterwave took it is a ProviderError; the retry pays nothing more', async () => {
    const wanted = request();
    fake.failNextCalls(1, {
      provider: 'flutterwave',
      path: '/transfers',
      method: 'POST',
      afterHandling: true,
    });
    expect(await thrown(flutterwave.startTransfer(wanted))).toBeInstanceOf(ProviderError);
    expect(fake.transfers('flutterwave')).toHaveLength(1);
    const retried = await flutterwave.startTransfer(wanted);
    expect(retried.transferId).toBe(String(fake.transfer('flutterwave', wanted.reference).id));
    expect(fake.transfers('flutterwave')).toHaveLength(1);
  });

  it('a 5xx or a rejected key is a ProviderError and nothing was sent', async () => {
    fake.failNextCalls(1, { provider: 'flutterwave', path: '/transfers', method: 'POST', status: 503 });
    expect(await thrown(flutterwave.startTransfer(request()))).toBeInstanceOf(ProviderError);
    const error = await thrown(connect('FLWSECK_TEST-revoked').startTransfer(request()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(TransferRefused);
    expect(fake.transfers()).toHaveLength(0);
  });

  it("an error envelope with a 4xx is a TransferRefused with Flutterwave's words", async () => {
    const error = await thrown(flutterwave.startTransfer(request({ bankCode: '999' })));
    expect(error).toBeInstanceOf(TransferRefused);
    expect((error as Error).message).toBe('Invalid account bank');
    expect(fake.transfers()).toHaveLength(0);
  });

  it("an unfunded wallet: accepted (pending), then FAILED with Flutterwave's reason", async () => {
    fake.setFlutterwaveBalance(100_000);
    const wanted = request();
    expect((await flutterwave.startTransfer(wanted)).state).toBe('pending');
    expect(await byReference(wanted.reference)).toMatchObject({
      state: 'failed',
      reason: flutterwaveInsufficientFunds,
    });
    expect(fake.flutterwaveBalance()).toBe(100_000);
  });

  it('never sends an amount that is not whole positive kobo', async () => {
    await expect(flutterwave.startTransfer(request({ amountKobo: -5n }))).rejects.toBeInstanceOf(RangeError);
    expect(calls('POST', '/transfers')).toHaveLength(0);
  });
});

describe('transfer states', () => {
  it('NEW and PENDING are pending, SUCCESSFUL success, by id and by reference', async () => {
    const wanted = request();
    const started = await flutterwave.startTransfer(wanted);
    const byId = () =>
      flutterwave.fetchTransfer({ reference: wanted.reference, transferId: started.transferId });
    expect((await byId())?.state).toBe('pending');
    fake.setTransferStatus('flutterwave', wanted.reference, 'PENDING');
    expect((await byId())?.state).toBe('pending');
    fake.settleTransfer('flutterwave', wanted.reference, 'success');
    expect(await byId()).toMatchObject({
      state: 'success',
      reason: null,
      amountKobo: 150_050n,
      feeKobo: 1_075n,
    });
    expect((await byReference(wanted.reference))?.state).toBe('success');
    expect(calls('GET', `/transfers/${started.transferId}`)).toHaveLength(3);
    expect(
      fake.requests.some((call) => call.method === 'GET' && call.path === '/flutterwave/v3/transfers'),
    ).toBe(true);
  });

  it('FAILED carries complete_message; a final state never moves, and nothing is reversed', async () => {
    const wanted = request();
    await flutterwave.startTransfer(wanted);
    fake.settleTransfer('flutterwave', wanted.reference, 'failed', 'DISBURSE FAILED: Account is dormant');
    expect(await byReference(wanted.reference)).toMatchObject({
      state: 'failed',
      reason: 'DISBURSE FAILED: Account is dormant',
    });
    expect(() => fake.settleTransfer('flutterwave', wanted.reference, 'success')).toThrow(/cannot go/);
    expect(() => fake.settleTransfer('flutterwave', wanted.reference, 'reversed')).toThrow(/never reversed/);
  });

  it('converts the naira fee to kobo, half a kobo up (26.875 → 2,688)', async () => {
    const middle = request({ amountKobo: 1_000_000n });
    const large = request({ amountKobo: 5_000_001n });
    expect((await flutterwave.startTransfer(middle)).feeKobo).toBe(2_688n);
    expect((await flutterwave.startTransfer(large)).feeKobo).toBe(5_375n);
    expect(feeToKobo(26.875)).toBe(2_688n);
    expect(feeToKobo('10.75')).toBe(1_075n);
    expect(feeToKobo(26.874)).toBe(2_687n);
    expect(feeToKobo(0.005)).toBe(1n);
    expect(feeToKobo(50)).toBe(5_000n);
    expect(feeToKobo(-1)).toBeNull();
    expect(feeToKobo('abc')).toBeNull();
    expect(feeToKobo(null)).toBeNull();
  });

  it('an unknown id or reference reads back as null; a 5xx as a ProviderError', async () => {
    expect(
      await flutterwave.fetchTransfer({ reference: 'wd_never_sent_0000', transferId: '999999' }),
    ).toBeNull();
    expect(await byReference('wd_never_sent_0000')).toBeNull();
    fake.failNextCalls(1, { provider: 'flutterwave', path: '/transfers' });
    expect(await thrown(byReference('wd_never_sent_0000'))).toBeInstanceOf(ProviderError);
  });
});

describe('transfer webhooks', () => {
  async function completed(outcome: 'success' | 'failed') {
    const wanted = request();
    const started = await flutterwave.startTransfer(wanted);
    return { wanted, started, notification: fake.settleTransfer('flutterwave', wanted.reference, outcome) };
  }

  it('transfer.completed with verif-hash names the transfer, for both outcomes', async () => {
    for (const outcome of ['success', 'failed'] as const) {
      const { wanted, started, notification } = await completed(outcome);
      const body = JSON.parse(notification.payload);
      expect(body).toMatchObject({ event: 'transfer.completed', 'event.type': 'Transfer' });
      expect(body.data.fullname).toBe('ADAEZE OKONKWO');
      expect(notification.headers['verif-hash']).toBe(fake.env.FLUTTERWAVE_SECRET_HASH);
      expect(flutterwave.readTransferWebhook(webhook(notification))).toEqual({
        reference: wanted.reference,
        transferId: started.transferId,
      });
    }
  });

  it('trusts a flutterwave-signature over the raw body alone, or with verif-hash', async () => {
    const { wanted } = await completed('success');
    for (const flutterwaveHeader of ['signature', 'both'] as const) {
      const notification = fake.transferNotification('flutterwave', wanted.reference, { flutterwaveHeader });
      expect(flutterwave.readTransferWebhook(webhook(notification))?.reference).toBe(wanted.reference);
    }
  });

  it('a wrong hash, a wrong signature, a missing header or a tampered body is a 401', async () => {
    const { wanted } = await completed('success');
    for (const flutterwaveHeader of ['verif-hash', 'signature', 'both'] as const) {
      for (const signature of ['bad', 'missing'] as const) {
        const forged = fake.transferNotification('flutterwave', wanted.reference, {
          signature,
          flutterwaveHeader,
        });
        expect(catchSync(() => flutterwave.readTransferWebhook(webhook(forged)))).toMatchObject({
          code: 'INVALID_SIGNATURE',
          statusCode: 401,
        });
      }
    }
    const signed = fake.transferNotification('flutterwave', wanted.reference, {
      flutterwaveHeader: 'signature',
    });
    const tampered = { ...signed, payload: signed.payload.replace('"SUCCESSFUL"', '"FAILED"') };
    expect(tampered.payload).not.toBe(signed.payload);
    expect(catchSync(() => flutterwave.readTransferWebhook(webhook(tampered)))).toMatchObject({
      statusCode: 401,
    });
  });

  it('charge events are not about a transfer; a legacy v2 transfer body does not crash', () => {
    const hash = { 'verif-hash': fake.env.FLUTTERWAVE_SECRET_HASH };
    const read = (body: unknown, headers: Record<string, string> = hash) =>
      flutterwave.readTransferWebhook({ rawBody: Buffer.from(JSON.stringify(body)), headers });
    expect(
      read({ event: 'charge.completed', data: { id: 1, tx_ref: 'dep_1', status: 'successful' } }),
    ).toBeNull();
    expect(
      read({
        'event.type': 'Transfer',
        transfer: { id: 4242, reference: 'wd_legacy_0000000000', date_created: '2019' },
      }),
    ).toEqual({ reference: 'wd_legacy_0000000000', transferId: '4242' });
    expect(read({ 'event.type': 'Transfer', transfer: { id: 4242 } })).toBeNull();
    expect(read({ 'event.type': 'Transfer' })).toBeNull();
    const legacy = JSON.stringify({ 'event.type': 'Transfer', transfer: 'not an object' });
    const signature = createHmac('sha256', fake.env.FLUTTERWAVE_SECRET_HASH).update(legacy).digest('base64');
    expect(
      flutterwave.readTransferWebhook({
        rawBody: Buffer.from(legacy),
        headers: { 'flutterwave-signature': signature },
      }),
    ).toBeNull();
  });
});
