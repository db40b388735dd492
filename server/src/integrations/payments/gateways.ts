import type { PaymentsConfig } from '../../config/env.ts';
import { createFlutterwaveGateway } from '../flutterwave/flutterwave.ts';
import { createNowPaymentsGateway } from '../nowpayments/nowpayments.ts';
import { createPaystackGateway } from '../paystack/paystack.ts';
import type { ExternalProvider, PaymentGateway } from './gateway.ts';

/** The providers whose keys are configured, in the order deposits offer them. */
export function createGateways(config: PaymentsConfig): Map<ExternalProvider, PaymentGateway> {
  const gateways = new Map<ExternalProvider, PaymentGateway>();
  if (config.paystack) gateways.set('paystack', createPaystackGateway(config.paystack));
  if (config.flutterwave) gateways.set('flutterwave', createFlutterwaveGateway(config.flutterwave));
  if (config.nowpayments) gateways.set('nowpayments', createNowPaymentsGateway(config.nowpayments));
  return gateways;
}
