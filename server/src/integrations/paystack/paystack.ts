import {
  asRecord,
  asString,
  type Checkout,
  type CheckoutRequest,
  callProvider,
  header,
  hmacHex,
  invalidSignature,
  type PaymentGateway,
  ProviderError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  parseJsonBody,
  safeEqual,
  type WebhookRequest,
} from '../payments/gateway.ts';

/**
 * Paystack: amounts in kobo; webhooks signed with HMAC-SHA512 of the raw body keyed by the
 * secret key (header x-paystack-signature). The top-level `status: true` only means the API call
 * worked; the payment's own state is `data.status`.
 */
export function createPaystackGateway(options: { secretKey: string; baseUrl: string }): PaymentGateway {
  const auth = { authorization: `Bearer ${options.secretKey}` };

  function toPayment(data: Record<string, unknown>): ProviderPayment {
    const amount = data.amount;
    const amountKobo =
      typeof amount === 'number' && Number.isInteger(amount)
        ? BigInt(amount)
        : typeof amount === 'string' && /^\d+$/.test(amount)
          ? BigInt(amount)
          : null;
    return {
      reference: asString(data.reference) ?? '',
      status: mapStatus(asString(data.status)),
      amountKobo,
      currency: asString(data.currency),
      providerTransactionId: asString(data.id),
    };
  }

  return {
    id: 'paystack',
    label: 'Card, bank or USSD',
    description: 'Pay with Paystack',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const { status, body } = await callProvider(`${options.baseUrl}/transaction/initialize`, {
        method: 'POST',
        headers: auth,
        body: {
          email: request.email,
          amount: String(request.amountKobo),
          currency: 'NGN',
          reference: request.reference,
          callback_url: request.returnUrl,
          metadata: { cancel_action: request.returnUrl, custom_fields: [] },
        },
      });
      const url = asString(asRecord(body.data).authorization_url);
      if (status !== 200 || body.status !== true || !url) {
        throw new ProviderError(`Paystack refused the payment: ${asString(body.message) ?? status}`);
      }
      return { authorizationUrl: url, providerTransactionId: null };
    },

    async fetchPayment({ reference }) {
      const { status, body } = await callProvider(
        `${options.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`,
        { method: 'GET', headers: auth },
      );
      if (status === 404 || body.status !== true) return null;
      return toPayment(asRecord(body.data));
    },

    async readWebhook(request: WebhookRequest) {
      const signature = header(request, 'x-paystack-signature');
      const expected = hmacHex('sha512', options.secretKey, request.rawBody);
      if (!signature || !safeEqual(signature.toLowerCase(), expected)) throw invalidSignature();
      const event = parseJsonBody(request.rawBody);
      if (event.event !== 'charge.success') return null;
      return toPayment(asRecord(event.data));
    },
  };
}

function mapStatus(status: string | null): ProviderPaymentStatus {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default:
      return 'pending';
  }
}
