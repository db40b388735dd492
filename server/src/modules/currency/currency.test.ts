import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { fallbackRates } from '../../integrations/rates/rates.ts';

/** Speaks open.er-api.com (rates by base currency) and ipapi.co (`/<ip>/json/`). */
async function startFakeServices() {
  const calls: string[] = [];
  let ratesUp = true;
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    calls.push(path);
    response.setHeader('content-type', 'application/json');
    if (path === '/v6/latest/USD') {
      if (!ratesUp) {
        response.writeHead(429).end(JSON.stringify({ result: 'error', 'error-type': 'rate-limited' }));
        return;
      }
      response.end(
        JSON.stringify({
          result: 'success',
          base_code: 'USD',
          rates: { USD: 1, NGN: 1600, GBP: 0.8, EUR: 0.9 },
        }),
      );
      return;
    }
    const geo = /^\/([^/]+)\/json\/$/.exec(path);
    if (geo) {
      const ip = decodeURIComponent(geo[1] ?? '');
      const known: Record<string, object> = {
        '102.89.1.1': { ip, country_code: 'NG', currency: 'NGN' },
        '81.2.69.160': { ip, country_code: 'GB', currency: 'GBP' },
        '41.0.0.1': { ip, country_code: 'GH', currency: 'GHS' },
      };
      response.end(JSON.stringify(known[ip] ?? { error: true, reason: 'Reserved IP Address' }));
      return;
    }
    response.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    setRatesUp: (up: boolean) => {
      ratesUp = up;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let services: Awaited<ReturnType<typeof startFakeServices>>;
let t: TestApp;
beforeAll(async () => {
  services = await startFakeServices();
  t = await buildTestApp({
    RATES_URL: `${services.url}/v6/latest/USD`,
    GEO_URL: `${services.url}/{ip}/json/`,
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await t.close();
  await services.close();
});

describe('GET /api/rates', () => {
  it('answers units per naira from the service, fetched once and cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/rates' });
    expect(first.json()).toMatchObject({ success: true, base: 'NGN', source: 'live', rates: { NGN: 1 } });
    expect(first.json().rates.USD).toBeCloseTo(1 / 1600, 10);
    expect(first.json().rates.GBP).toBeCloseTo(0.8 / 1600, 10);
    await t.app.inject({ method: 'GET', url: '/api/rates' });
    expect(services.calls.filter((call) => call.startsWith('/v6/'))).toHaveLength(1);
  });

  it('keeps the last good rates when the service fails after the cache expires', async () => {
    services.setRatesUp(false);
    t.clock.advance(7 * 3600_000);
    const response = await t.app.inject({ method: 'GET', url: '/api/rates' });
    expect(response.json()).toMatchObject({ source: 'live' });
    expect(response.json().rates.USD).toBeCloseTo(1 / 1600, 10);
    services.setRatesUp(true);
  });

  it('falls back to built-in rates when rates are turned off or never reachable', async () => {
    const offline = await buildTestApp({ RATES_URL: 'http://127.0.0.1:9/unreachable' });
    try {
      const response = await offline.app.inject({ method: 'GET', url: '/api/rates' });
      // Built-in rates were never fetched: no made-up update time (it used to say 1970).
      expect(response.json()).toMatchObject({ source: 'fallback', rates: fallbackRates, updatedAt: null });
    } finally {
      await offline.close();
    }
  });
});

describe('GET /api/geo', () => {
  const locate = (ip: string) =>
    t.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-forwarded-for': ip } });

  it('answers the visitor’s country and a supported currency, looked up by the server', async () => {
    expect((await locate('102.89.1.1')).json()).toEqual({
      success: true,
      countryCode: 'ng',
      currency: 'NGN',
    });
    expect((await locate('81.2.69.160')).json()).toEqual({
      success: true,
      countryCode: 'gb',
      currency: 'GBP',
    });
  });

  it('answers no currency when the local one is not supported, and nothing for private addresses', async () => {
    expect((await locate('41.0.0.1')).json()).toEqual({ success: true, countryCode: 'gh', currency: null });
    const before = services.calls.length;
    expect((await locate('192.168.1.20')).json()).toEqual({
      success: true,
      countryCode: null,
      currency: null,
    });
    expect(services.calls.length).toBe(before);
  });
});
