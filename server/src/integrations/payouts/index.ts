import type { PaymentsConfig } from '../../config/env.ts';
import { createDevPayouts } from './dev-payouts.ts';
import { createFlutterwavePayouts } from './flutterwave-transfers.ts';
import type { PayoutProvider, PayoutProviderId } from './payout-provider.ts';
import { createPaystackPayouts } from './paystack-transfers.ts';

export interface PayoutProviders {
  /** Where new withdrawals are paid (PRODUCT 11): Paystack, else Flutterwave, else the test provider. */
  primary: PayoutProvider | undefined;
  /** Every configured one: a withdrawal started with another provider is still read back with it. */
  byId: Map<PayoutProviderId, PayoutProvider>;
}

export function createPayoutProviders(config: PaymentsConfig): PayoutProviders {
  const byId = new Map<PayoutProviderId, PayoutProvider>();
  if (config.paystack) byId.set('paystack', createPaystackPayouts(config.paystack));
  if (config.flutterwave) byId.set('flutterwave', createFlutterwavePayouts(config.flutterwave));
  if (config.dev) byId.set('dev', createDevPayouts());
  const order: PayoutProviderId[] = ['paystack', 'flutterwave', 'dev'];
  const primaryId = order.find((id) => byId.has(id));
  return { primary: primaryId ? byId.get(primaryId) : undefined, byId };
}
