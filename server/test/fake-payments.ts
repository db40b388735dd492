import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sortKeysDeep } from '../src/integrations/nowpayments/nowpayments.ts';
import { createFakeTransfers, type Notification } from './fake-transfers.ts';

export {
  type FakeBankAccount,
  type FakeTransfer,
  fakeBankAccounts,
  fakeTransferOtp,
  flutterwaveInsufficientFunds,
  type TransferNotificationOptions,
  type TransferOutcome,
  type TransferProvider,
} from './fake-transfers.ts';
export type { Notification };

/**
 * One local HTTP server speaking the three providers' real protocols (see INTEGRATIONS.md):
 * Paystack under /paystack, Flutterwave under /flutterwave/v3, NOWPayments under /nowpayments/v1.
 * It checks their authentication, keeps the payments it was asked to start, lets a test decide
 * how each one ends, and builds the notifications each provider would send, signed its way.
 * The same prefixes serve Paystack Transfers and Flutterwave transfers (fake-transfers.ts), so
 * one PAYSTACK_BASE_URL / FLUTTERWAVE_BASE_URL covers deposits and withdrawals.
 */
export const fakeKeys = {
  paystackSecret: 'sk_test_fake0123456789abcdef',
  flutterwaveSecretKey: 'FLWSECK_TEST-fake0123456789-X',
  flutterwaveHash: 'flw-secret-hash-for-tests',
  nowApiKey: 'NOW-FAKE-API-KEY',
  nowIpnSecret: 'now-ipn-secret-for-tests',
};

export interface FakePayment {
  provider: 'paystack' | 'flutterwave' | 'nowpayments';
  reference: string;
  id: number;
  /** In the provider's own unit: kobo for Paystack, naira for the others. */
  amount: number;
  currency: string;
  status: string;
  email: string;
}

export type FailingProvider = 'paystack' | 'flutterwave' | 'nowpayments';

/** Which calls `failNextCalls` breaks, and how. */
export interface CallFailure {
  /** Only this provider's calls (default: any). */
  provider?: FailingProvider;
  /** Only calls to this path (below the provider's prefix) or below it: `/transfer` covers `/transfer/verify/…`. */
  path?: string;
  /** Only this method. */
  method?: 'GET' | 'POST';
  /**
   * Handle the call first, then answer 500: the provider did the work but its answer was lost
   * (the outcome-unknown case a transfer must survive without paying twice).
   */
  afterHandling?: boolean;
  /** The status to answer (default 500; 502/503/504 behave the same for the adapters). */
  status?: number;
}

const prefixes: Record<FailingProvider, string> = {
  paystack: '/paystack',
  flutterwave: '/flutterwave/v3',
  nowpayments: '/nowpayments/v1',
};

export async function startFakePayments() {
  const payments = new Map<string, FakePayment>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  let nextId = 1000;
  const transfers = createFakeTransfers(fakeKeys);
  const failures: { remaining: number; failure: CallFailure }[] = [];

  /** The first armed failure this call matches, used up by one. */
  function takeFailure(method: string, path: string): CallFailure | undefined {
    const armed = failures.find(({ remaining, failure }) => {
      if (remaining <= 0) return false;
      if (failure.method && failure.method !== method) return false;
      const providers = failure.provider ? [failure.provider] : (Object.keys(prefixes) as FailingProvider[]);
      return providers.some((provider) => {
        const prefix = prefixes[provider];
        if (!path.startsWith(`${prefix}/`)) return false;
        // `/transfer` means that route and the ones below it, not `/transferrecipient`.
        const rest = path.slice(prefix.length);
        return !failure.path || rest === failure.path || rest.startsWith(`${failure.path}/`);
      });
    });
    if (!armed) return undefined;
    armed.remaining -= 1;
    return armed.failure;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readJson(request);
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, body });
    const send = (status: number, value: unknown) => {
      if (response.headersSent) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const failure = takeFailure(method, url.pathname);
    const broken = { status: false, message: 'An error occurred while processing this request' };
    if (failure && !failure.afterHandling) return send(failure.status ?? 500, broken);
    try {
      if (failure) {
        // The work is done, the answer is lost on the way back.
        route(url, request, body, () => undefined, response);
        return send(failure.status ?? 500, broken);
      }
      route(url, request, body, send, response);
    } catch (error) {
      send(500, { message: String(error) });
    }
  });

  function route(
    url: URL,
    request: IncomingMessage,
    body: Record<string, unknown>,
    send: (status: number, value: unknown) => void,
    response: ServerResponse,
  ) {
    const path = url.pathname;
    const auth = request.headers.authorization;
    if (path.startsWith('/paystack/')) {
      if (auth !== `Bearer ${fakeKeys.paystackSecret}`)
        return send(401, { status: false, message: 'Invalid key' });
      const below = path.slice('/paystack'.length);
      if (transfers.handle('paystack', below, url, request.method ?? 'GET', body, send)) return;
      if (path === '/paystack/transaction/initialize' && request.method === 'POST') {
        const reference = String(body.reference ?? '');
        if (!/^[A-Za-z0-9.=-]+$/.test(reference) || !body.email || !/^\d+$/.test(String(body.amount))) {
          return send(400, { status: false, message: 'Invalid parameters' });
        }
        if (payments.has(reference))
          return send(400, { status: false, message: 'Duplicate Transaction Reference' });
        payments.set(reference, {
          provider: 'paystack',
          reference,
          id: nextId++,
          amount: Number(body.amount),
          currency: String(body.currency ?? 'NGN'),
          status: 'ongoing',
          email: String(body.email),
        });
        const code = `ac_${reference.toLowerCase()}`;
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${code}`, access_code: code, reference },
        });
      }
      const verify = /^\/paystack\/transaction\/verify\/(.+)$/.exec(path);
      if (verify && request.method === 'GET') {
        const payment = payments.get(decodeURIComponent(verify[1] ?? ''));
        if (!payment) return send(404, { status: false, message: 'Transaction reference not found' });
        return send(200, { status: true, message: 'Verification successful', data: paystackData(payment) });
      }
    }
    if (path.startsWith('/flutterwave/v3/')) {
      if (auth !== `Bearer ${fakeKeys.flutterwaveSecretKey}`)
        return send(401, { status: 'error', message: 'Invalid authorization key' });
      const below = path.slice('/flutterwave/v3'.length);
      if (transfers.handle('flutterwave', below, url, request.method ?? 'GET', body, send)) return;
      if (path === '/flutterwave/v3/payments' && request.method === 'POST') {
        const reference = String(body.tx_ref ?? '');
        const customer = (body.customer ?? {}) as Record<string, unknown>;
        if (!reference || typeof body.amount !== 'number' || !customer.email) {
          return send(400, { status: 'error', message: 'Invalid payload' });
        }
        payments.set(reference, {
          provider: 'flutterwave',
          reference,
          id: nextId++,
          amount: body.amount,
          currency: String(body.currency ?? 'NGN'),
          status: 'pending',
          email: String(customer.email),
        });
        return send(200, {
          status: 'success',
          message: 'Hosted Link',
          data: { link: `https://checkout.flutterwave.com/v3/hosted/pay/${reference.toLowerCase()}` },
        });
      }
      const byId = /^\/flutterwave\/v3\/transactions\/(\d+)\/verify$/.exec(path);
      const payment = byId
        ? [...payments.values()].find(
            (item) => item.provider === 'flutterwave' && item.id === Number(byId[1]),
          )
        : path === '/flutterwave/v3/transactions/verify_by_reference'
          ? payments.get(url.searchParams.get('tx_ref') ?? '')
          : undefined;
      if (byId || path === '/flutterwave/v3/transactions/verify_by_reference') {
        if (!payment) return send(404, { status: 'error', message: 'No transaction was found for this id' });
        return send(200, {
          status: 'success',
          message: 'Transaction fetched successfully',
          data: flutterwaveData(payment),
        });
      }
    }
    if (path.startsWith('/nowpayments/v1/')) {
      if (request.headers['x-api-key'] !== fakeKeys.nowApiKey)
        return send(403, { message: 'Invalid api key' });
      if (path === '/nowpayments/v1/invoice' && request.method === 'POST') {
        const reference = String(body.order_id ?? '');
        if (!reference || typeof body.price_amount !== 'number')
          return send(400, { message: 'price_amount is required' });
        const id = nextId++;
        payments.set(reference, {
          provider: 'nowpayments',
          reference,
          id,
          amount: body.price_amount,
          currency: String(body.price_currency ?? 'usd'),
          status: 'waiting',
          email: '',
        });
        return send(200, {
          id: String(id),
          order_id: reference,
          price_amount: String(body.price_amount),
          price_currency: body.price_currency,
          invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
          created_at: new Date().toISOString(),
        });
      }
      const byPayment = /^\/nowpayments\/v1\/payment\/(\d+)$/.exec(path);
      if (byPayment && request.method === 'GET') {
        const payment = [...payments.values()].find(
          (item) => item.provider === 'nowpayments' && item.id === Number(byPayment[1]),
        );
        if (!payment) return send(404, { message: 'Payment not found' });
        return send(200, nowpaymentsData(payment));
      }
    }
    response.writeHead(404).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function payment(reference: string): FakePayment {
    const found = payments.get(reference);
    if (!found) throw new Error(`the fake provider never started payment ${reference}`);
    return found;
  }

  return {
    url,
    env: {
      PAYSTACK_SECRET_KEY: fakeKeys.paystackSecret,
      PAYSTACK_BASE_URL: `${url}/paystack`,
      FLUTTERWAVE_SECRET_KEY: fakeKeys.flutterwaveSecretKey,
      FLUTTERWAVE_SECRET_HASH: fakeKeys.flutterwaveHash,
      FLUTTERWAVE_BASE_URL: `${url}/flutterwave/v3`,
      NOWPAYMENTS_API_KEY: fakeKeys.nowApiKey,
      NOWPAYMENTS_IPN_SECRET: fakeKeys.nowIpnSecret,
      NOWPAYMENTS_BASE_URL: `${url}/nowpayments/v1`,
    },
    requests,
    payment,
    /** The customer finishes (or not) on the provider's page; amount/currency override what was asked. */
    settle(reference: string, outcome: { status: string; amount?: number; currency?: string }) {
      const found = payment(reference);
      found.status = outcome.status;
      if (outcome.amount !== undefined) found.amount = outcome.amount;
      if (outcome.currency !== undefined) found.currency = outcome.currency;
      return found;
    },
    paystackNotification(reference: string, secret = fakeKeys.paystackSecret): Notification {
      const payload = JSON.stringify({ event: 'charge.success', data: paystackData(payment(reference)) });
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': createHmac('sha512', secret).update(payload).digest('hex'),
        },
      };
    },
    flutterwaveNotification(
      reference: string,
      mode: 'verif-hash' | 'signature',
      hash = fakeKeys.flutterwaveHash,
    ): Notification {
      const found = payment(reference);
      const payload = JSON.stringify({
        event: 'charge.completed',
        data: flutterwaveData(found),
        'event.type': 'CARD_TRANSACTION',
      });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (mode === 'verif-hash') headers['verif-hash'] = hash;
      else headers['flutterwave-signature'] = createHmac('sha256', hash).update(payload).digest('base64');
      return { payload, headers };
    },
    nowpaymentsNotification(reference: string, secret = fakeKeys.nowIpnSecret): Notification {
      const data = {
        ...nowpaymentsData(payment(reference)),
        fee: { currency: 'usdttrc20', depositFee: 0.1, withdrawalFee: 0 },
      };
      const payload = JSON.stringify(data);
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-nowpayments-sig': createHmac('sha512', secret)
            .update(JSON.stringify(sortKeysDeep(data)))
            .digest('hex'),
        },
      };
    },
    ...transfers.controls,
    /**
     * The next `count` calls matching `failure` answer 500 (or `failure.status`), before doing
     * anything or, with `afterHandling`, after doing it. Later arms queue behind earlier ones.
     */
    failNextCalls(count: number, failure: CallFailure = {}) {
      failures.push({ remaining: count, failure });
    },
    /** Disarms every failure `failNextCalls` armed and that has not happened yet. */
    clearCallFailures() {
      failures.length = 0;
    },
    /**
     * POSTs a notification's exact bytes to `url` the way the provider delivers it: a non-200
     * answer is tried again, up to `attempts` deliveries in all (default 1). Answers each status.
     */
    async deliverNotification(url: string, notification: Notification, options: { attempts?: number } = {}) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < (options.attempts ?? 1); attempt += 1) {
        const response = await fetch(url, {
          method: 'POST',
          headers: notification.headers,
          body: notification.payload,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
        if (response.status === 200) break;
      }
      return statuses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePayments = Awaited<ReturnType<typeof startFakePayments>>;

function paystackData(payment: FakePayment) {
  return {
    id: payment.id,
    domain: 'test',
    status: payment.status,
    reference: payment.reference,
    amount: payment.amount,
    gateway_response: payment.status === 'success' ? 'Successful' : 'Declined',
    paid_at: payment.status === 'success' ? new Date().toISOString() : null,
    channel: 'card',
    currency: payment.currency,
    fees: 150,
    customer: { id: 24259516, email: payment.email, customer_code: 'CUS_fake' },
    requested_amount: payment.amount,
  };
}

function flutterwaveData(payment: FakePayment) {
  return {
    id: payment.id,
    tx_ref: payment.reference,
    flw_ref: `FLW-MOCK-${payment.id}`,
    amount: payment.amount,
    currency: payment.currency,
    charged_amount: payment.amount,
    app_fee: 1.4,
    status: payment.status,
    payment_type: 'card',
    created_at: new Date().toISOString(),
    customer: { email: payment.email },
  };
}

function nowpaymentsData(payment: FakePayment) {
  return {
    payment_id: payment.id,
    invoice_id: payment.id,
    payment_status: payment.status,
    pay_address: 'TXfakeAddress',
    price_amount: payment.amount,
    price_currency: payment.currency,
    pay_amount: 12.5,
    actually_paid: payment.status === 'finished' ? 12.5 : 0,
    pay_currency: 'usdttrc20',
    order_id: payment.reference,
    order_description: 'CashTips wallet deposit',
    outcome_amount: 12.4,
    outcome_currency: 'usdttrc20',
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (!chunks.length) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}
