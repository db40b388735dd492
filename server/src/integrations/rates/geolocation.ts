import { type CurrencyCode, isSupportedCurrency } from '@cashtips/contract/currency';
import type { FastifyBaseLogger } from 'fastify';

export interface Location {
  countryCode: string | null;
  currency: CurrencyCode | null;
}

const unknown: Location = { countryCode: null, currency: null };
const CACHE_LIMIT = 10_000;

/** Private, loopback and link-local addresses have no country; asking a service about them is pointless. */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.replace(/^::ffff:/, '');
  return (
    /^(10\.|127\.|192\.168\.|169\.254\.|0\.)/.test(address) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(address) ||
    /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./.test(address) ||
    address === '::1' ||
    /^f[cd]/i.test(address) ||
    /^fe80/i.test(address)
  );
}

/**
 * The visitor's country and currency from their IP, looked up by the server through a service
 * speaking the ipapi.co shape (`country_code`, `currency`); answers are cached per address.
 */
export class GeoLocator {
  private readonly cache = new Map<string, Location>();

  constructor(
    private readonly urlTemplate: string | null,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async locate(ip: string): Promise<Location> {
    if (!this.urlTemplate || isPrivateAddress(ip)) return unknown;
    const cached = this.cache.get(ip);
    if (cached) return cached;
    try {
      const response = await fetch(this.urlTemplate.replace('{ip}', encodeURIComponent(ip)), {
        signal: AbortSignal.timeout(2500),
      });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const body = (await response.json()) as { country_code?: unknown; currency?: unknown; error?: unknown };
      if (body.error) throw new Error('the service could not place this address');
      const country = typeof body.country_code === 'string' && /^[A-Za-z]{2}$/.test(body.country_code);
      const location: Location = {
        countryCode: country ? String(body.country_code).toLowerCase() : null,
        currency: isSupportedCurrency(body.currency) ? body.currency : null,
      };
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(ip, location);
      return location;
    } catch (error) {
      this.logger.debug({ reason: (error as Error).message }, 'geolocation unavailable');
      return unknown;
    }
  }
}
