import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayments, fakeTransferOtp, startFakePayments } from '../../../test/fake-payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderError } from '../payments/gateway.ts';
import { type PayoutProvider, TransferRefused, type TransferRequest } from './payout-provider.ts';
import { createPaystackPayouts } from './paystack-transfers.ts';

let fake: FakePayments;
let paystack: PayoutProvider;

beforeEach(async () => {
  fake = await startFakePayments();
  paystack = connect();
});
afterEach(() => fake.close());

function connect(secretKey = fake.env.PAYSTACK_SECRET_KEY) {
  return createPaystackPayouts({ secretKey, baseUrl: fake.env.PAYSTACK_BASE_URL });
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
  fake.requests.filter((call) => call.method === method && call.path === `/paystack${path}`);

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to throw');
    },
    (error: unknown) => error,
  );
}

const webhook = (notification: { payload: string; headers: Record<string, string> }) => ({
  rawBody: Buffer.from(notification.payload),
  headers: notification.headers,
});

describe('banks and accounts', () => {
  it('lists active Nigerian banks once each, sorted by name, codes kept as strings, following meta.next', async () => {
    const banks = await paystack.listBanks();
    expect(banks.map((bank) => bank.name)).toEqual([
      'Abbey Mortgage Bank',
      'Access Bank',
      'Access Bank (Diamond)',
      'First Bank of Nigeria',
      'Guaranty Trust Bank',
      'Kuda Bank',
      'Moniepoint MFB',
      'OPay Digital Services Limited (OPay)',
      'United Bank For Africa',
      'Wema Bank',
      'Zenith Bank',
    ]);
    expect(banks).toContainEqual({ code: '044', name: 'Access Bank' });
    expect(banks).toContainEqual({ code: '011', name: 'First Bank of Nigeria' });
    expect(banks).toContainEqual({ code: '063', name: 'Access Bank (Diamond)' });
    expect(banks).toContainEqual({ code: '50211', name: 'Kuda Bank' });
    // Inactive (Heritage), deleted (Skye) and Ghanaian banks are not offered.
    expect(banks.map((bank) => bank.code)).not.toContain('030');
    expect(banks.map((bank) => bank.code)).not.toContain('076');
    expect(banks.map((bank) => bank.code)).not.toContain('040');
    // The fake serves 5 banks a page whatever perPage asks: three pages, the later ones by cursor.
    const pages = calls('GET', '/bank');
    expect(pages.length).toBe(3);
  });

  it('asks with a cursor and stops when meta.next is null', async () => {
    fake.setPaystackBankPageSize(100);
    await paystack.listBanks();
    expect(calls('GET', '/bank').length).toBe(1);
  });

  it('a broken bank list is a ProviderError, not an empty list', async () => {
    fake.failNextCalls(1, { provider: 'paystack', path: '/bank' });
    expect(await thrown(paystack.listBanks())).toBeInstanceOf(ProviderError);
  });

  it('resolves a known account to its name and answers null for one Paystack cannot name', async () => {
    expect(await paystack.resolveAccount('058', '0123456789')).toBe('ADAEZE OKONKWO');
    expect(await paystack.resolveAccount('044', '0022728151')).toBe('WES GIBBONS');
    expect(await paystack.resolveAccount('058', '0123456780')).toBeNull();
    expect(await paystack.resolveAccount('999', '0123456789')).toBeNull();
    expect(await paystack.resolveAccount('058', '123456789')).toBeNull();
  });

  it('a 5xx or a rejected key while resolving is a ProviderError (not "no such account")', async () => {
    fake.failNextCalls(1, { provider: 'paystack', path: '/bank/resolve' });
    expect(await thrown(paystack.resolveAccount('058', '0123456789'))).toBeInstanceOf(ProviderError);
    expect(await thrown(connect('sk_test_revoked').resolveAccount('058', '0123456789'))).toBeInstanceOf(
      ProviderError,
    );
  });

  it('creates a nuban recipient and gets the same code again for the same account', async () => {
    const account = { bankCode: '058', accountNumber: '0123456789', accountName: 'ADAEZE OKONKWO' };
    const first = await paystack.createRecipient(account);
    expect(first).toMatch(/^RCP_/);
    expect(await paystack.createRecipient(account)).toBe(first);
    expect(calls('POST', '/transferrecipient')[0]?.body).toEqual({
      type: 'nuban',
      name: 'ADAEZE OKONKWO',
      account_number: '0123456789',
      bank_code: '058',
      currency: 'NGN',
    });
    const other = await paystack.createRecipient({
      ...account,
      bankCode: '044',
      accountNumber: '0022728151',
    });
    expect(other).not.toBe(first);
  });
});

describe('starting a transfer', () => {
  it('sends integer kobo with our reference, making the recipient first when none is stored', async () => {
    const wanted = request();
    const transfer = await paystack.startTransfer(wanted);
    expect(transfer).toMatchObject({
      reference: wanted.reference,
      state: 'pending',
      amountKobo: 150_050n,
      currency: 'NGN',
      reason: null,
    });
    expect(transfer.transferId).toMatch(/^TRF_/);
    const [sent] = calls('POST', '/transfer');
    const recipient = fake.transfer('paystack', wanted.reference).recipientCode;
    expect(sent?.body).toEqual({
      source: 'balance',
      amount: 150_050,
      recipient,
      reference: wanted.reference,
      reason: 'CashTips withdrawal',
      currency: 'NGN',
    });
    expect(calls('POST', '/transferrecipient').length).toBe(1);
    expect(fake.transfer('paystack', wanted.reference).amount).toBe(150_050);
  });

  it('uses a stored recipient code without making another', async () => {
    const code = await paystack.createRecipient({
      bankCode: '044',
      accountNumber: '0022728151',
      accountName: 'WES GIBBONS',
    });
    await paystack.startTransfer(request({ recipientCode: code }));
    expect(calls('POST', '/transferrecipient').length).toBe(1);
    expect(calls('POST', '/transfer')[0]?.body).toMatchObject({ recipient: code });
  });

  it('a duplicate reference answers the existing transfer: one transfer, one debit', async () => {
    const wanted = request();
    const balance = fake.paystackBalance();
    const first = await paystack.startTransfer(wanted);
    const again = await paystack.startTransfer(wanted);
    expect(again.transferId).toBe(first.transferId);
    expect(again.reference).toBe(wanted.reference);
    expect(fake.transfers('paystack')).toHaveLength(1);
    expect(fake.paystackBalance()).toBe(balance - 150_050 - 1_000);
  });

  it('an answer lost after Paystack took the transfer is a ProviderError; the retry pays nothing more', async () => {
    const wanted = request();
    fake.failNextCalls(1, { provider: 'paystack', path: '/transfer', method: 'POST', afterHandling: true });
    expect(await thrown(paystack.startTransfer(wanted))).toBeInstanceOf(ProviderError);
    expect(fake.transfers('paystack')).toHaveLength(1);
    const retried = await paystack.startTransfer(wanted);
    expect(retried.transferId).toBe(fake.transfer('paystack', wanted.reference).transferCode);
    expect(fake.transfers('paystack')).toHaveLength(1);
  });

  it('a 5xx before Paystack took it is a ProviderError and no transfer exists', async () => {
    const wanted = request({ recipientCode: await recipientFor058() });
    fake.failNextCalls(2, { provider: 'paystack', path: '/transfer', method: 'POST' });
    expect(await thrown(paystack.startTransfer(wanted))).toBeInstanceOf(ProviderError);
    expect(await thrown(paystack.startTransfer(wanted))).toBeInstanceOf(ProviderError);
    expect(fake.transfers()).toHaveLength(0);
    expect((await paystack.startTransfer(wanted)).state).toBe('pending');
    expect(fake.transfers()).toHaveLength(1);
  });

  it('a rejected key is a ProviderError (retried later), never a refusal', async () => {
    const error = await thrown(connect('sk_test_revoked').startTransfer(request({ recipientCode: 'RCP_x' })));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(TransferRefused);
  });

  it("an invalid recipient is a TransferRefused with Paystack's words", async () => {
    const error = await thrown(paystack.startTransfer(request({ recipientCode: 'RCP_nobody' })));
    expect(error).toBeInstanceOf(TransferRefused);
    expect((error as Error).message).toBe('Recipient specified is invalid');
    expect(fake.transfers()).toHaveLength(0);
  });

  it('a balance too low for amount + fee is refused, and nothing is debited', async () => {
    fake.setPaystackBalance(150_050 + 999);
    const error = await thrown(paystack.startTransfer(request()));
    expect(error).toBeInstanceOf(TransferRefused);
    expect((error as Error).message).toBe('Your balance is not enough to fulfill this request');
    expect(fake.paystackBalance()).toBe(150_050 + 999);
    fake.setPaystackBalance(150_050 + 1_000);
    expect((await paystack.startTransfer(request())).state).toBe('pending');
    expect(fake.paystackBalance()).toBe(0);
  });

  it('a reference Paystack does not accept (uppercase, too short) is refused without a transfer', async () => {
    const recipientCode = await recipientFor058();
    for (const reference of ['WD_0123456789ABCDEF', 'wd_short', `wd_${'a'.repeat(48)}`]) {
      expect(await thrown(paystack.startTransfer(request({ reference, recipientCode })))).toBeInstanceOf(
        TransferRefused,
      );
    }
    expect(fake.transfers()).toHaveLength(0);
    const longest = `wd_${'a'.repeat(47)}`;
    expect((await paystack.startTransfer(request({ reference: longest, recipientCode }))).reference).toBe(
      longest,
    );
  });

  it('never sends an amount that is not whole positive kobo', async () => {
    await expect(paystack.startTransfer(request({ amountKobo: 0n }))).rejects.toBeInstanceOf(RangeError);
    expect(calls('POST', '/transfer')).toHaveLength(0);
  });
});

describe('transfer states', () => {
  it('pending until the webhook; success with the fee in kobo', async () => {
    const wanted = request();
    await paystack.startTransfer(wanted);
    expect(await paystack.fetchTransfer({ reference: wanted.reference, transferId: null })).toMatchObject({
      state: 'pending',
      feeKobo: 1_000n,
    });
    fake.settleTransfer('paystack', wanted.reference, 'success');
    expect(await paystack.fetchTransfer({ reference: wanted.reference, transferId: null })).toMatchObject({
      state: 'success',
      amountKobo: 150_050n,
      feeKobo: 1_000n,
      reason: null,
      transferId: fake.transfer('paystack', wanted.reference).transferCode,
    });
  });

  it('charges the fee tiers in kobo: ₦25 up to ₦50,000, ₦50 above', async () => {
    const middle = request({ amountKobo: 5_000_000n });
    const large = request({ amountKobo: 5_000_001n });
    await paystack.startTransfer(middle);
    await paystack.startTransfer(large);
    expect((await paystack.fetchTransfer({ reference: middle.reference, transferId: null }))?.feeKobo).toBe(
      2_500n,
    );
    expect((await paystack.fetchTransfer({ reference: large.reference, transferId: null }))?.feeKobo).toBe(
      5_000n,
    );
  });

  it('answers success at once when Paystack does (test mode)', async () => {
    fake.setTransferStart('paystack', 'success');
    expect((await paystack.startTransfer(request())).state).toBe('success');
  });

  it('otp (Confirm transfers left on) is still pending, and stays pending after finalize', async () => {
    fake.setPaystackOtp(true);
    const wanted = request();
    const started = await paystack.startTransfer(wanted);
    expect(fake.transfer('paystack', wanted.reference).status).toBe('otp');
    expect(started.state).toBe('pending');
    expect(() => fake.settleTransfer('paystack', wanted.reference, 'success')).toThrow(/cannot go from otp/);
    const finalize = await paystackPost('/transfer/finalize_transfer', {
      transfer_code: started.transferId,
      otp: fakeTransferOtp,
    });
    expect(finalize.status).toBe(200);
    expect(fake.transfer('paystack', wanted.reference).status).toBe('pending');
    expect((await paystack.fetchTransfer({ reference: wanted.reference, transferId: null }))?.state).toBe(
      'pending',
    );
  });

  it('OTP can be turned off and on through the API', async () => {
    expect((await paystackPost('/transfer/enable_otp', {})).status).toBe(200);
    const wanted = request();
    await paystack.startTransfer(wanted);
    expect(fake.transfer('paystack', wanted.reference).status).toBe('otp');
    expect(
      (await paystackPost('/transfer/finalize_transfer', { transfer_code: 'TRF_nope', otp: fakeTransferOtp }))
        .body,
    ).toMatchObject({ status: false, message: 'Transfer code is invalid' });
    expect((await paystackPost('/transfer/disable_otp', {})).status).toBe(200);
    expect((await paystackPost('/transfer/disable_otp_finalize', { otp: '000000' })).status).toBe(400);
    expect((await paystackPost('/transfer/disable_otp_finalize', { otp: fakeTransferOtp })).status).toBe(200);
    const next = request();
    await paystack.startTransfer(next);
    expect(fake.transfer('paystack', next.reference).status).toBe('pending');
  });

  it("failed carries the bank's reason; rejected (approval URL) is failed too", async () => {
    const failed = request();
    const rejected = request();
    await paystack.startTransfer(failed);
    await paystack.startTransfer(rejected);
    fake.settleTransfer('paystack', failed.reference, 'failed', 'Beneficiary bank unavailable');
    fake.settleTransfer('paystack', rejected.reference, 'rejected');
    expect(await paystack.fetchTransfer({ reference: failed.reference, transferId: null })).toMatchObject({
      state: 'failed',
      reason: 'Beneficiary bank unavailable',
    });
    expect(await paystack.fetchTransfer({ reference: rejected.reference, transferId: null })).toMatchObject({
      state: 'failed',
      reason: 'Transfer rejected by the approval URL',
    });
  });

  it('reversed after success, with a reason; the fake allows no other move out of a final state', async () => {
    const wanted = request();
    await paystack.startTransfer(wanted);
    fake.settleTransfer('paystack', wanted.reference, 'success');
    const balance = fake.paystackBalance();
    fake.settleTransfer('paystack', wanted.reference, 'reversed', 'Account closed by the bank');
    expect(fake.paystackBalance()).toBe(balance + 150_050);
    expect(await paystack.fetchTransfer({ reference: wanted.reference, transferId: null })).toMatchObject({
      state: 'reversed',
      reason: 'Account closed by the bank',
    });
    expect(() => fake.settleTransfer('paystack', wanted.reference, 'success')).toThrow(/cannot go/);
    expect(() => fake.settleTransfer('paystack', wanted.reference, 'failed')).toThrow(/cannot go/);
  });

  it('an unknown reference reads back as null; a 5xx as a ProviderError', async () => {
    expect(await paystack.fetchTransfer({ reference: 'wd_never_sent_0000', transferId: null })).toBeNull();
    fake.failNextCalls(1, { provider: 'paystack', path: '/transfer/verify' });
    expect(
      await thrown(paystack.fetchTransfer({ reference: 'wd_never_sent_0000', transferId: null })),
    ).toBeInstanceOf(ProviderError);
  });

  it.each([
    ['pending', 'pending'],
    ['received', 'pending'],
    ['queued', 'pending'],
    ['otp', 'pending'],
    ['success', 'success'],
    ['failed', 'failed'],
    ['abandoned', 'failed'],
    ['rejected', 'failed'],
    ['blocked', 'failed'],
    ['reversed', 'reversed'],
    ['something_new', 'pending'],
  ] as const)('Paystack status %s reads as %s', async (status, state) => {
    const url = await answering({
      status: true,
      message: 'Transfer retrieved',
      data: {
        reference: 'wd_status_0000000000',
        status,
        amount: 100_000,
        currency: 'NGN',
        transfer_code: 'TRF_x',
        fee_charged: 2_500,
        failures: status === 'blocked' ? [{ message: 'Blocked by risk checks' }] : null,
        gateway_response: null,
        recipient: 56824902,
      },
    });
    const transfer = await createPaystackPayouts({ secretKey: 'sk_test_x', baseUrl: url }).fetchTransfer({
      reference: 'wd_status_0000000000',
      transferId: null,
    });
    expect(transfer?.state).toBe(state);
    expect(transfer?.feeKobo).toBe(2_500n);
    if (status === 'blocked') expect(transfer?.reason).toBe('Blocked by risk checks');
    if (state === 'pending' || state === 'success') expect(transfer?.reason).toBeNull();
    else expect(transfer?.reason).toBeTruthy();
  });
});

describe('transfer webhooks', () => {
  it('a signed transfer.success names the transfer (integration as an object is fine)', async () => {
    const wanted = request();
    await paystack.startTransfer(wanted);
    const notification = fake.settleTransfer('paystack', wanted.reference, 'success');
    expect(JSON.parse(notification.payload).data.integration).toMatchObject({ id: 463433 });
    expect(paystack.readTransferWebhook(webhook(notification))).toEqual({
      reference: wanted.reference,
      transferId: fake.transfer('paystack', wanted.reference).transferCode,
    });
  });

  it('reads transfer.failed and transfer.reversed, and a stale out-of-order delivery', async () => {
    const failed = request();
    const reversed = request();
    await paystack.startTransfer(failed);
    await paystack.startTransfer(reversed);
    const failure = fake.settleTransfer('paystack', failed.reference, 'failed');
    expect(JSON.parse(failure.payload).event).toBe('transfer.failed');
    expect(paystack.readTransferWebhook(webhook(failure))?.reference).toBe(failed.reference);
    fake.settleTransfer('paystack', reversed.reference, 'success');
    const reversal = fake.settleTransfer('paystack', reversed.reference, 'reversed');
    expect(JSON.parse(reversal.payload).event).toBe('transfer.reversed');
    expect(paystack.readTransferWebhook(webhook(reversal))?.reference).toBe(reversed.reference);
    const stale = fake.transferNotification('paystack', reversed.reference, {
      paystackEvent: 'transfer.success',
    });
    expect(JSON.parse(stale.payload)).toMatchObject({
      event: 'transfer.success',
      data: { status: 'success' },
    });
    expect(paystack.readTransferWebhook(webhook(stale))?.reference).toBe(reversed.reference);
  });

  it('a bad, missing or re-serialized signature is a 401', async () => {
    const wanted = request();
    await paystack.startTransfer(wanted);
    fake.settleTransfer('paystack', wanted.reference, 'success');
    for (const signature of ['bad', 'missing'] as const) {
      const forged = fake.transferNotification('paystack', wanted.reference, { signature });
      expect(catchSync(() => paystack.readTransferWebhook(webhook(forged)))).toMatchObject({
        code: 'INVALID_SIGNATURE',
        statusCode: 401,
      });
    }
    const good = fake.transferNotification('paystack', wanted.reference);
    const reformatted = { ...good, payload: JSON.stringify(JSON.parse(good.payload), null, 1) };
    const error = catchSync(() => paystack.readTransferWebhook(webhook(reformatted)));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(401);
  });

  it('charge.success and other events are not about a transfer', () => {
    for (const event of ['charge.success', 'refund.processed', 'transfer.pending']) {
      const payload = JSON.stringify({ event, data: { reference: 'wd_other_event_0000' } });
      const headers = { 'x-paystack-signature': sign(payload) };
      expect(paystack.readTransferWebhook({ rawBody: Buffer.from(payload), headers })).toBeNull();
    }
  });
});

async function recipientFor058() {
  const code = await paystack.createRecipient({
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: 'ADAEZE OKONKWO',
  });
  if (!code) throw new Error('no recipient');
  return code;
}

async function paystackPost(path: string, body: unknown) {
  const response = await fetch(`${fake.env.PAYSTACK_BASE_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.env.PAYSTACK_SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function sign(payload: string) {
  return createHmac('sha512', fake.env.PAYSTACK_SECRET_KEY).update(payload).digest('hex');
}

function catchSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/** A one-answer server: what Paystack's verify says for a status the fake never produces. */
async function answering(body: unknown): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('the fake delivers notifications as Paystack does', () => {
  it('posts the exact signed bytes and retries a non-200 answer', async () => {
    const wanted = request();
    await paystack.startTransfer(wanted);
    const notification = fake.settleTransfer('paystack', wanted.reference, 'success');
    const received: { body: string; signature: string | undefined }[] = [];
    const server = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ body, signature: incoming.headers['x-paystack-signature'] as string | undefined });
        const notice = paystack.readTransferWebhook({
          rawBody: Buffer.from(body),
          headers: incoming.headers,
        });
        response.writeHead(received.length < 3 ? 500 : notice ? 200 : 400).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    expect(await fake.deliverNotification(url, notification, { attempts: 5 })).toEqual([500, 500, 200]);
    expect(received.map((item) => item.body)).toEqual([
      notification.payload,
      notification.payload,
      notification.payload,
    ]);
    expect(received[0]?.signature).toBe(notification.headers['x-paystack-signature']);
  });
});
