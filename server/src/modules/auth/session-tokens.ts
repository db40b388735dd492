import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

const ISSUER = 'cashtips';
const AUDIENCE = 'cashtips-session';
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SIGNATURE_BYTES = 32;
/** Tokens whose signature was already checked, so a busy client's next request skips the HMAC. */
const REMEMBERED_TOKENS = 50_000;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

interface TokenPayload {
  sub?: unknown;
  sid?: unknown;
  iss?: unknown;
  aud?: unknown;
  iat?: unknown;
  exp?: unknown;
  nbf?: unknown;
}

function parseJsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signed bearer tokens (JWT, HS256); each names a session row, which is what logout and reset end.
 * Signed and checked with node:crypto's synchronous HMAC: every authenticated request verifies one,
 * and a WebCrypto verification (what JWT libraries use) is an asynchronous job costing ten times
 * as much. Only HS256 with this secret is accepted; any other header, issuer, audience or an
 * expired token is refused.
 */
export class SessionTokens {
  private readonly secret: Buffer;
  /** Token text → its claims and validity window (seconds); the same bytes always verify the same way. */
  private readonly verified = new Map<string, { claims: SessionClaims; exp: number; nbf: number }>();

  constructor(secret: string) {
    this.secret = Buffer.from(secret, 'utf8');
  }

  private signature(signingInput: string): Buffer {
    return createHmac('sha256', this.secret).update(signingInput).digest();
  }

  sign(claims: SessionClaims, issuedAt: Date, expiresAt: Date): string {
    const payload = base64url(
      JSON.stringify({
        sid: claims.sessionId,
        sub: claims.userId,
        iss: ISSUER,
        aud: AUDIENCE,
        iat: Math.floor(issuedAt.getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      }),
    );
    const signingInput = `${HEADER}.${payload}`;
    return `${signingInput}.${this.signature(signingInput).toString('base64url')}`;
  }

  /** Answers the claims of a valid token, or undefined for anything tampered, foreign or expired. */
  verify(token: string, now: Date): SessionClaims | undefined {
    const seconds = Math.floor(now.getTime() / 1000);
    const known = this.verified.get(token);
    if (known) return known.exp > seconds && known.nbf <= seconds ? known.claims : undefined;
    const checked = this.check(token);
    if (!checked) return undefined;
    if (this.verified.size >= REMEMBERED_TOKENS) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, checked);
    return checked.exp > seconds && checked.nbf <= seconds ? checked.claims : undefined;
  }

  /** Signature, header, issuer, audience and ids; the validity window is left to `verify`. */
  private check(token: string): { claims: SessionClaims; exp: number; nbf: number } | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const given = Buffer.from(signaturePart, 'base64url');
    // Node's base64url decoder skips stray characters: only the canonical spelling is the signature.
    if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signaturePart) return undefined;
    if (!timingSafeEqual(given, this.signature(`${headerPart}.${payloadPart}`))) return undefined;

    const header = parseJsonObject(headerPart);
    if (header?.alg !== 'HS256' || header.crit !== undefined) return undefined;
    const payload: TokenPayload | undefined = parseJsonObject(payloadPart);
    if (!payload) return undefined;
    if (typeof payload.exp !== 'number') return undefined;
    if (payload.nbf !== undefined && typeof payload.nbf !== 'number') return undefined;
    if (payload.iss !== ISSUER) return undefined;
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(AUDIENCE)) return undefined;
    // Ids are UUIDs: anything else (even signed with our key) is not a session, and never reaches SQL.
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    if (!isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
    return {
      claims: { userId: payload.sub, sessionId: payload.sid },
      exp: payload.exp,
      nbf: payload.nbf ?? Number.NEGATIVE_INFINITY,
    };
  }
}
