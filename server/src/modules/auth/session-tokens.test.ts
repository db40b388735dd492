import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const claims = {
  userId: '5f0c6a55-8a35-4bc4-9a55-2d1f3f1c1a01',
  sessionId: 'b2a1c3d4-0000-4000-8000-000000000001',
};
const issuedAt = new Date('2026-11-21T10:00:00Z');
const expiresAt = new Date('2026-12-21T10:00:00Z');
const during = new Date('2026-11-22T10:00:00Z');

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed the way an attacker holding `secret` would. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const goodPayload = {
  sub: claims.userId,
  sid: claims.sessionId,
  iss: 'cashtips',
  aud: 'cashtips-session',
  iat: Math.floor(issuedAt.getTime() / 1000),
  exp: Math.floor(expiresAt.getTime() / 1000),
};

describe('SessionTokens', () => {
  const tokens = new SessionTokens(SECRET);

  it('verifies what it signs, as a standard HS256 JWT', () => {
    const token = tokens.sign(claims, issuedAt, expiresAt);
    expect(tokens.verify(token, during)).toEqual(claims);
    const [header, payload] = token.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual(goodPayload);
    expect(tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, goodPayload), during)).toEqual(claims);
  });

  it('refuses a token once it has expired, and one not yet valid', () => {
    const token = tokens.sign(claims, issuedAt, expiresAt);
    expect(tokens.verify(token, expiresAt)).toBeUndefined();
    expect(tokens.verify(token, new Date(expiresAt.getTime() - 1000))).toEqual(claims);
    const later = handMade({ alg: 'HS256' }, { ...goodPayload, nbf: goodPayload.exp - 10 });
    expect(tokens.verify(later, during)).toBeUndefined();
  });

  it('refuses tokens signed with another secret, or altered after signing', () => {
    const token = tokens.sign(claims, issuedAt, expiresAt);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherUser = encode({ ...goodPayload, sub: '00000000-0000-0000-0000-000000000000' });
    expect(new SessionTokens(`${SECRET}x`).verify(token, during)).toBeUndefined();
    expect(tokens.verify(`${header}.${otherUser}.${signature}`, during)).toBeUndefined();
    expect(tokens.verify(`${header}.${payload}.${signature}x`, during)).toBeUndefined();
    expect(
      tokens.verify(`${header}.${payload}.${signature.slice(0, 42)}!${signature.slice(42)}`, during),
    ).toBeUndefined();
    expect(tokens.verify(`${header}.${payload}.`, during)).toBeUndefined();
    expect(tokens.verify(`${header}.${payload}`, during)).toBeUndefined();
    expect(tokens.verify(`${token}.${signature}`, during)).toBeUndefined();
    expect(tokens.verify('', during)).toBeUndefined();
  });

  it('accepts only HS256 headers without critical extensions', () => {
    for (const header of [
      { alg: 'none' },
      { alg: 'HS512' },
      { alg: 'RS256' },
      {},
      { alg: 'HS256', crit: ['b64'] },
    ]) {
      expect(tokens.verify(handMade(header, goodPayload), during), JSON.stringify(header)).toBeUndefined();
    }
    const notJson = `${Buffer.from('not json').toString('base64url')}.${encode(goodPayload)}`;
    const signed = `${notJson}.${createHmac('sha256', SECRET).update(notJson).digest('base64url')}`;
    expect(tokens.verify(signed, during)).toBeUndefined();
  });

  it('refuses a wrong issuer or audience and missing claims', () => {
    const variants: Record<string, unknown>[] = [
      { ...goodPayload, iss: 'someone-else' },
      { ...goodPayload, aud: 'another-app' },
      { ...goodPayload, sub: undefined },
      { ...goodPayload, sid: 42 },
      { ...goodPayload, exp: undefined },
      { ...goodPayload, exp: String(goodPayload.exp) },
    ];
    for (const payload of variants) {
      expect(
        tokens.verify(handMade({ alg: 'HS256' }, payload), during),
        JSON.stringify(payload),
      ).toBeUndefined();
    }
    const listedAudience = handMade({ alg: 'HS256' }, { ...goodPayload, aud: ['other', 'cashtips-session'] });
    expect(tokens.verify(listedAudience, during)).toEqual(claims);
  });
});
