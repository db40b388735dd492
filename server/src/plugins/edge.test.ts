import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../test/test-app.ts';
import { firstUnacceptable } from './input-rules.ts';

/*
 * What an outside probe found answering 5xx or outside the error contract (issue 10, items 11
 * and 12), each mended at the edge for every route.
 */

let t: TestApp;
let admin: { token: string };
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const contract = expect.objectContaining({
  success: false,
  code: expect.any(String),
  message: expect.any(String),
});

describe('one rule for every string and number a request carries', () => {
  it('refuses a NUL in a search with 400 naming the field', async () => {
    const codes = await t.app.inject({ method: 'GET', url: '/api/booking-codes?search=%00' });
    expect(codes.statusCode).toBe(400);
    expect(codes.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'search' }] });
    const adminSearch = await t.app.inject({
      method: 'GET',
      url: '/api/admin/booking-codes?q=ab%00',
      headers: bearer(admin.token),
    });
    expect(adminSearch.statusCode).toBe(400);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?q=%00',
      headers: bearer(admin.token),
    });
    expect(users.statusCode).toBe(400);
  });

  it('refuses NUL and lone surrogates anywhere in a body, games included, and writes nothing', async () => {
    const game = {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: '2026-11-22T15:00:00.000Z',
    };
    const base = {
      bookingCode: 'EDGE0001',
      bookmaker: 'SportyBet',
      totalOdds: 2,
      price: 100,
      expiresAt: '2026-11-23T15:00:00.000Z',
      games: [game],
    };
    for (const [payload, field] of [
      [{ ...base, bookmaker: 'Sporty\u0000Bet' }, 'bookmaker'],
      [{ ...base, adminNote: 'half \ud800 a pair' }, 'adminNote'],
      [{ ...base, games: [{ ...game, teamA: '\udc00' }] }, 'games.0.teamA'],
      [{ ...base, urgencyTag: 'ok', 'bad\u0000key': 1 }, 'bad\ufffdkey'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/booking-codes',
        headers: bearer(admin.token),
        payload,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[0]?.field).toBe(field);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/booking-codes?q=EDGE0001',
      headers: bearer(admin.token),
    });
    expect(listed.json().codes).toEqual([]);
    // A well-formed pair (an emoji) is fine.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      headers: bearer(admin.token),
      payload: { ...base, adminNote: 'Banker ⚽🔥' },
    });
    expect(emoji.statusCode).toBe(201);
  });

  it('refuses money amounts that are not whole kobo, such as 1e-9, instead of failing in the ledger', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 500);
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw-bonus',
      headers: bearer(user.token),
      payload: { amount: 1e-9 },
    });
    expect(withdraw.statusCode).toBe(400);
    expect(withdraw.json().errors).toEqual([
      { field: 'amount', message: 'Amounts have at most 2 decimal places.' },
    ]);
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/adjust`,
      headers: bearer(admin.token),
      payload: { wallet: 'main', amount: 1e-9, reason: 'Testing the smallest amount' },
    });
    expect(adjust.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/adjust`,
      headers: bearer(admin.token),
      payload: { wallet: 'main', amount: 1e300, reason: 'Testing the largest amount' },
    });
    expect(huge.statusCode).toBe(400);
  });

  it('walks bodies nested deeper than any stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(firstUnacceptable(deep)?.reason).toMatch(/NUL/);
  });
});

describe('ids', () => {
  it('answers 404, never 5xx, for a malformed id in any path', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/admin/users/not-a-uuid'],
      ['GET', '/api/admin/users/1%27%20OR%201=1'],
      ['POST', '/api/admin/users/xyz/adjust'],
      ['GET', '/api/admin/booking-codes/12345'],
      ['GET', '/api/booking-codes/%F0%9F%94%A5'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(admin.token),
        payload: method === 'GET' ? undefined : { role: 'admin' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(contract);
    }
  });

  it('treats a correctly signed token whose claims are not ids as no session (401)', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const header = encode({ alg: 'HS256', typ: 'JWT' });
    const payload = encode({
      sub: "1' or '1'='1",
      sid: 'not-a-session',
      iss: 'cashtips',
      aud: 'cashtips-api',
      iat: now,
      exp: now + 3600,
    });
    const signature = createHmac('sha256', t.config.jwtSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(`${header}.${payload}.${signature}`),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('answers outside the routes follow the error contract and carry the security headers', () => {
  it('a path parameter over the length limit (414) and a path that is not valid percent-encoding (400)', async () => {
    const long = await fetch(`${baseUrl}/api/booking-codes/${'a'.repeat(600)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual(contract);
    expect(long.headers.get('content-security-policy')).toContain("default-src 'self'");
    const badEncoding = await fetch(`${baseUrl}/api/booking-codes/%E0%A4%A`);
    expect(badEncoding.status).toBe(400);
    expect(await badEncoding.json()).toEqual(contract);
    expect(badEncoding.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("Socket.IO's own refusals", async () => {
    const response = await fetch(`${baseUrl}/socket.io/?EIO=9&transport=polling`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Realtime connection refused: Unsupported protocol version.',
    });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const unknownTransport = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=carrier-pigeon`);
    expect(unknownTransport.status).toBe(400);
    expect(await unknownTransport.json()).toEqual(contract);
  });

  it('requests the HTTP parser refuses: malformed, and headers too large', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.write(request);
      });
    for (const [request, status] of [
      ['GET / HTTP/1.1\r\nHost: x\r\nNot A Header\r\n\r\n', 400],
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head.toLowerCase()).toContain('content-security-policy:');
      expect(JSON.parse(body)).toEqual(contract);
    }
  });
});
