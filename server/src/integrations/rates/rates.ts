import type { CurrencyCode, RateMap } from '@cashtips/contract/currency';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';

/** Used when the rate service cannot be reached: close enough to show prices, never used to charge. */
export const fallbackRates: RateMap = { NGN: 1, USD: 0.00065, GBP: 0.00049, EUR: 0.00056 };

const CACHE_MS = 6 * 3600_000;
const RETRY_AFTER_FAILURE_MS = 10 * 60_000;

export interface RatesSnapshot {
  rates: RateMap;
  /** Null for the built-in rates: they were never fetched, so they have no update time. */
  updatedAt: Date | null;
  source: 'live' | 'fallback';
}

/**
 * Exchange rates fetched by the server (the browser never calls a third party), cached for hours,
 * shared by concurrent requests. Accepts the open.er-api.com shape `{ base_code, rates }` with any
 * base, and answers units of each currency per naira.
 */
export class RatesProvider {
  private snapshot: RatesSnapshot | undefined;
  private nextAttemptAt = 0;
  private inFlight: Promise<RatesSnapshot> | undefined;

  constructor(
    private readonly url: string | null,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async current(): Promise<RatesSnapshot> {
    const now = this.clock.now().getTime();
    if (this.snapshot && now < this.nextAttemptAt) return this.snapshot;
    if (!this.url) return this.fallback();
    if (now < this.nextAttemptAt) return this.snapshot ?? this.fallback();
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private fallback(): RatesSnapshot {
    return this.snapshot ?? { rates: fallbackRates, updatedAt: null, source: 'fallback' };
  }

  private async refresh(): Promise<RatesSnapshot> {
    const url = this.url as string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const rates = perNaira((await response.json()) as unknown);
      this.snapshot = { rates, updatedAt: this.clock.now(), source: 'live' };
      this.nextAttemptAt = this.clock.now().getTime() + CACHE_MS;
      return this.snapshot;
    } catch (error) {
      this.logger.warn(
        { reason: (error as Error).message },
        'exchange rates unavailable; using the last known or built-in rates',
      );
      this.nextAttemptAt = this.clock.now().getTime() + RETRY_AFTER_FAILURE_MS;
      return this.fallback();
    }
  }
}

function perNaira(body: unknown): RateMap {
  const record = (body ?? {}) as { base_code?: unknown; rates?: Record<string, unknown> };
  const rates = record.rates ?? {};
  const rate = (code: CurrencyCode): number => {
    if (code === record.base_code) return 1;
    const value = rates[code];
    if (typeof value !== 'number' || !(value > 0)) throw new Error(`no usable ${code} rate`);
    return value;
  };
  const naira = rate('NGN');
  return { NGN: 1, USD: rate('USD') / naira, GBP: rate('GBP') / naira, EUR: rate('EUR') / naira };
}
