import { createHmac, timingSafeEqual } from 'node:crypto';
import { nairaToKobo } from '@cashtips/contract/money';
import { hasAtMostTwoDecimals, type PaymentProvider } from '@cashtips/contract/wallet';
import { AppError } from '../../lib/app-error.ts';

/** What every payment provider adapter offers the deposits service. */
export type ExternalProvider = Exclude<PaymentProvider, 'dev'>;

export interface CheckoutRequest {
  reference: string;
  amountKobo: bigint;
  email: string;
  customerName: string;
  /** Where the provider sends the browser back (our /payments/return page). */
  returnUrl: string;
  /** Where a provider that is told per payment sends its server-to-server notification. */
  notifyUrl: string;
}

export interface Checkout {
  authorizationUrl: string;
  providerTransactionId: string | null;
}

export type ProviderPaymentStatus = 'success' | 'failed' | 'abandoned' | 'pending';

/** A provider's account of one payment, in our units (kobo), before we check it against the deposit. */
export interface ProviderPayment {
  reference: string;
  status: ProviderPaymentStatus;
  amountKobo: bigint | null;
  currency: string | null;
  providerTransactionId: string | null;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentGateway {
  readonly id: ExternalProvider;
  readonly label: string;
  readonly description: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Asks the provider about a payment; null when it cannot be asked yet (no id known). */
  fetchPayment(deposit: {
    reference: string;
    providerTransactionId: string | null;
  }): Promise<ProviderPayment | null>;
  /**
   * Checks the signature over the raw body (throws 401 when it is wrong) and answers the payment
   * the notification is about, or null for events that are not about a payment.
   */
  readWebhook(request: WebhookRequest): Promise<ProviderPayment | null>;
}

/** The provider could not be reached or answered something we cannot use. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

export const invalidSignature = () =>
  new AppError('INVALID_SIGNATURE', 401, 'The webhook signature is not valid.');

export function header(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, message: string | Buffer): string {
  return createHmac(algorithm, key).update(message).digest('hex');
}

export function parseJsonBody(rawBody: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(rawBody.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION_FAILED', 400, 'The webhook body is not a JSON object.');
}

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const asString = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Naira as a provider writes it (number or numeric string, up to 2 decimals) to kobo; null if it is not one. */
export function nairaValueToKobo(value: unknown): bigint | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || !hasAtMostTwoDecimals(number)) return null;
  return nairaToKobo(number);
}

/** A JSON call to a provider with a time limit; network failures and 5xx become ProviderError. */
export async function callProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  timeoutMs = 15_000,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderError(`could not reach ${new URL(url).host}: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(JSON.parse(text));
  } catch {
    if (response.ok) throw new ProviderError(`${new URL(url).host} answered ${response.status} without JSON`);
  }
  if (response.status >= 500) throw new ProviderError(`${new URL(url).host} answered ${response.status}`);
  return { status: response.status, body };
}
