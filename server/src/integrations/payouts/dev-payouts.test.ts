import { describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../../config/env.ts';
import { createDevPayouts, DEV_ACCOUNT_NAME } from './dev-payouts.ts';
import { createPayoutProviders } from './index.ts';

const paystack = { secretKey: 'sk_test_x', baseUrl: 'http://127.0.0.1:9/paystack' };
const flutterwave = {
  secretKey: 'FLWSECK_TEST-x',
  secretHash: 'hash',
  baseUrl: 'http://127.0.0.1:9/flutterwave/v3',
};
const config = (extra: Partial<PaymentsConfig>): PaymentsConfig => ({
  paystack: undefined,
  flutterwave: undefined,
  nowpayments: undefined,
  dev: false,
  ...extra,
});

describe('the built-in test provider', () => {
  it('lists banks sorted by name, codes as strings with their leading zeros', async () => {
    const banks = await createDevPayouts().listBanks();
    expect(banks.map((bank) => bank.name)).toEqual([...banks.map((bank) => bank.name)].sort());
    expect(banks).toContainEqual({ code: '044', name: 'Access Bank' });
  });

  it('names any 10-digit account at a listed bank "Test Account", nothing else', async () => {
    const dev = createDevPayouts();
    expect(await dev.resolveAccount('058', '0000000001')).toBe(DEV_ACCOUNT_NAME);
    expect(await dev.resolveAccount('058', '123')).toBeNull();
    expect(await dev.resolveAccount('999', '0000000001')).toBeNull();
    expect(
      await dev.createRecipient({ bankCode: '058', accountNumber: '0000000001', accountName: 'x' }),
    ).toBeNull();
  });

  it('pays at once, once per reference, and reads it back', async () => {
    const dev = createDevPayouts();
    const request = {
      reference: 'wd_dev_0123456789abcdef',
      amountKobo: 250_000n,
      bankCode: '058',
      accountNumber: '0000000001',
      accountName: DEV_ACCOUNT_NAME,
      recipientCode: null,
      narration: 'CashTips withdrawal',
    };
    expect(await dev.fetchTransfer({ reference: request.reference, transferId: null })).toBeNull();
    const paid = await dev.startTransfer(request);
    expect(paid).toMatchObject({ state: 'success', amountKobo: 250_000n, feeKobo: 0n, reason: null });
    expect(await dev.startTransfer({ ...request, amountKobo: 1n })).toEqual(paid);
    expect(await dev.fetchTransfer({ reference: request.reference, transferId: null })).toEqual(paid);
    expect(dev.readTransferWebhook({ rawBody: Buffer.from('{}'), headers: {} })).toBeNull();
  });
});

describe('createPayoutProviders', () => {
  it('pays with Paystack when it is configured, reading back with every configured provider', () => {
    const providers = createPayoutProviders(config({ paystack, flutterwave, dev: true }));
    expect(providers.primary?.id).toBe('paystack');
    expect([...providers.byId.keys()].sort()).toEqual(['dev', 'flutterwave', 'paystack']);
    expect(providers.byId.get('flutterwave')?.id).toBe('flutterwave');
  });

  it('else Flutterwave, else the test provider, else none', () => {
    expect(createPayoutProviders(config({ flutterwave, dev: true })).primary?.id).toBe('flutterwave');
    expect(createPayoutProviders(config({ dev: true })).primary?.id).toBe('dev');
    const none = createPayoutProviders(config({}));
    expect(none.primary).toBeUndefined();
    expect(none.byId.size).toBe(0);
  });

  it('does not offer the test provider when PAYMENTS_DEV is off', () => {
    const providers = createPayoutProviders(config({ paystack }));
    expect(providers.primary?.id).toBe('paystack');
    expect(providers.byId.has('dev')).toBe(false);
  });
});
