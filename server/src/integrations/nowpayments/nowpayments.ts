import {
  asRecord,
  asString,
  type Checkout,
  type CheckoutRequest,
  callProvider,
  header,
  hmacHex,
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
 * NOWPayments (crypto): the deposit is priced in naira and paid in the coin the user picks on the
 * hosted invoice. An IPN is signed with HMAC-SHA512, keyed by the IPN secret, over the JSON of the
 * body with keys sorted (recursively, nested objects included); header x-nowpayments-sig.
 */
export function createNowPaymentsGateway(options: {
  apiKey: string;
  ipnSecret: string;
  baseUrl: string;
}): PaymentGateway {
  const auth = { 'x-api-key': options.apiKey };

  function toPayment(data: Record<string, unknown>): ProviderPayment {
    return {
      reference: asString(data.order_id) ?? '',
      status: mapStatus(asString(data.payment_status)),
      amountKobo: nairaValueToKobo(data.price_amount),
      currency: asString(data.price_currency)?.toUpperCase() ?? null,
      providerTransactionId: asString(data.payment_id),
    };
  }

  return {
    id: 'nowpayments',
    label: 'Crypto',
    description: 'Pay with USDT, BTC and other coins through NOWPayments',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const { status, body } = await callProvider(`${options.baseUrl}/invoice`, {
        method: 'POST',
        headers: auth,
        body: {
          price_amount: Number(request.amountKobo) / 100,
          price_currency: 'ngn',
          order_id: request.reference,
          order_description: 'CashTips wallet deposit',
          ipn_callback_url: request.notifyUrl,
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
        },
      });
      const url = asString(body.invoice_url);
      if (status >= 300 || !url) {
        throw new ProviderError(`NOWPayments refused the invoice: ${asString(body.message) ?? status}`);
      }
      return { authorizationUrl: url, providerTransactionId: null };
    },

    async fetchPayment({ providerTransactionId }) {
      // The payment id is only known once the first IPN has arrived; before that there is nothing to ask.
      if (!providerTransactionId) return null;
      const { status, body } = await callProvider(
        `${options.baseUrl}/payment/${encodeURIComponent(providerTransactionId)}`,
        { method: 'GET', headers: auth },
      );
      if (status !== 200) return null;
      return toPayment(body);
    },

    async readWebhook(request: WebhookRequest) {
      const signature = header(request, 'x-nowpayments-sig');
      const body = parseJsonBody(request.rawBody);
      const expected = hmacHex('sha512', options.ipnSecret, JSON.stringify(sortKeysDeep(body)));
      if (!signature || !safeEqual(signature.toLowerCase(), expected)) throw invalidSignature();
      if (!asString(body.order_id)) return null;
      return toPayment(asRecord(body));
    },
  };
}

/** The JSON NOWPayments signs: object keys sorted at every depth. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeysDeep(record[key])]),
    );
  }
  return value;
}

function mapStatus(status: string | null): ProviderPaymentStatus {
  switch (status) {
    case 'finished':
      return 'success';
    case 'failed':
    case 'refunded':
      return 'failed';
    case 'expired':
      return 'abandoned';
    default:
      return 'pending';
  }
}
