import { createHmac } from 'node:crypto';
import {
  asRecord,
  asString,
  type Checkout,
  type CheckoutRequest,
  callProvider,
  header,
  invalidSignature,
  nairaValueToKobo,
  type PaymentGateway,
  ProviderError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  parseJsonBody,
  safeEqual,
  type WebhookRequest,
} from '../payments/gateway.ts';

/**
 * Flutterwave v3: amounts in naira (major units). A webhook carries either `verif-hash` (the
 * dashboard's secret hash itself) or `flutterwave-signature` (base64 HMAC-SHA256 of the raw body
 * keyed by that hash). Because the older header is a constant, a notification is only a hint:
 * the payment is always read back from the API before it counts.
 */
export function createFlutterwaveGateway(options: {
  secretKey: string;
  secretHash: string;
  baseUrl: string;
}): PaymentGateway {
  const auth = { authorization: `Bearer ${options.secretKey}` };

  async function fetchPayment(deposit: { reference: string; providerTransactionId: string | null }) {
    const url = deposit.providerTransactionId
      ? `${options.baseUrl}/transactions/${encodeURIComponent(deposit.providerTransactionId)}/verify`
      : `${options.baseUrl}/transactions/verify_by_reference?tx_ref=${encodeURIComponent(deposit.reference)}`;
    const { status, body } = await callProvider(url, { method: 'GET', headers: auth });
    if (status === 404 || body.status !== 'success') return null;
    const data = asRecord(body.data);
    const payment: ProviderPayment = {
      reference: asString(data.tx_ref) ?? '',
      status: mapStatus(asString(data.status)),
      amountKobo: nairaValueToKobo(data.amount),
      currency: asString(data.currency),
      providerTransactionId: asString(data.id),
    };
    return payment;
  }

  return {
    id: 'flutterwave',
    label: 'Card, transfer or USSD',
    description: 'Pay with Flutterwave',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const { status, body } = await callProvider(`${options.baseUrl}/payments`, {
        method: 'POST',
        headers: auth,
        body: {
          tx_ref: request.reference,
          amount: Number(request.amountKobo) / 100,
          currency: 'NGN',
          redirect_url: request.returnUrl,
          customer: { email: request.email, name: request.customerName },
          customizations: { title: 'CashTips wallet deposit' },
        },
      });
      const link = asString(asRecord(body.data).link);
      if (status !== 200 || body.status !== 'success' || !link) {
        throw new ProviderError(`Flutterwave refused the payment: ${asString(body.message) ?? status}`);
      }
      return { authorizationUrl: link, providerTransactionId: null };
    },

    fetchPayment,

    async readWebhook(request: WebhookRequest) {
      assertFlutterwaveSender(request, options.secretHash);
      const event = parseJsonBody(request.rawBody);
      if (event.event !== 'charge.completed') return null;
      const data = asRecord(event.data);
      const reference = asString(data.tx_ref);
      if (!reference) return null;
      return fetchPayment({ reference, providerTransactionId: asString(data.id) });
    },
  };
}

/**
 * Flutterwave's notifications (payments and transfers) carry either `verif-hash`, the dashboard's
 * secret hash itself, or `flutterwave-signature`, base64 HMAC-SHA256 of the raw body keyed by it;
 * anything else is refused (401). Either way the notification is only a hint: callers read back.
 */
export function assertFlutterwaveSender(request: WebhookRequest, secretHash: string): void {
  const verifHash = header(request, 'verif-hash');
  const signature = header(request, 'flutterwave-signature');
  const expectedSignature = createHmac('sha256', secretHash).update(request.rawBody).digest('base64');
  const trusted =
    (verifHash !== undefined && safeEqual(verifHash, secretHash)) ||
    (signature !== undefined && safeEqual(signature, expectedSignature));
  if (!trusted) throw invalidSignature();
}

function mapStatus(status: string | null): ProviderPaymentStatus {
  switch (status) {
    case 'successful':
      return 'success';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'abandoned';
    default:
      return 'pending';
  }
}
