import https from 'node:https';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import { appMeta } from '../../db/schema/index.ts';

/** A browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What became of one push: delivered; gone (404/410: the subscription expired or was withdrawn, so
 * it is deleted); try again later (429, 5xx, no answer); or refused for good (other 4xx: kept,
 * logged).
 */
export type PushOutcome =
  | { status: 'sent' }
  | { status: 'gone'; statusCode: number }
  | { status: 'retry'; statusCode: number | null; retryAfterSeconds: number | null }
  | { status: 'refused'; statusCode: number };

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_META_KEY = 'vapid_keys';
/** A day: a push that cannot be delivered within it is not worth showing. */
const TTL_SECONDS = 86_400;
/** VAPID tokens may live 24 h; one is signed per push service origin and reused for 11 h. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The VAPID key pair every process uses: from configuration, or generated once and kept in the
 * database (the first process to start writes it; the others read the same row).
 */
export async function loadVapidKeys(db: Database, configured: Partial<VapidKeys>): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appMeta).values({ key: VAPID_META_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, VAPID_META_KEY));
  const stored = row?.value as Partial<VapidKeys> | undefined;
  if (!stored?.publicKey || !stored.privateKey) throw new Error('VAPID keys missing from app_meta');
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/**
 * Sends encrypted web pushes (RFC 8291 aes128gcm, VAPID RFC 8292) with web-push's request builder
 * over one keep-alive agent, signing one VAPID token per push service origin for hours instead of
 * one per push.
 */
export class WebPushSender {
  private readonly tokens = new Map<string, { authorization: string; until: number }>();
  private readonly agent: https.Agent;

  constructor(
    private readonly vapid: VapidKeys & { subject: string },
    /** Tests pass an agent that trusts their fake push service's certificate. */
    agent?: https.Agent,
  ) {
    this.agent = agent ?? new https.Agent({ keepAlive: true, maxSockets: 64 });
  }

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  private authorization(endpoint: string): string {
    const origin = new URL(endpoint).origin;
    const known = this.tokens.get(origin);
    if (known && known.until > Date.now()) return known.authorization;
    const headers = webpush.getVapidHeaders(
      origin,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS,
    );
    this.tokens.set(origin, {
      authorization: String(headers.Authorization),
      until: Date.now() + VAPID_REUSE_MS,
    });
    return String(headers.Authorization);
  }

  async send(target: PushTarget, payload: string, topic?: string): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(target, payload, {
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      ...(topic ? { topic } : {}),
      headers: { Authorization: this.authorization(target.endpoint) },
    });
    return new Promise<PushOutcome>((resolve) => {
      const request = https.request(
        details.endpoint,
        { method: 'POST', headers: details.headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          response.resume();
          const statusCode = response.statusCode ?? 0;
          if (statusCode >= 200 && statusCode < 300) return resolve({ status: 'sent' });
          if (statusCode === 404 || statusCode === 410) return resolve({ status: 'gone', statusCode });
          if (statusCode === 429 || statusCode >= 500) {
            const retryAfter = Number(response.headers['retry-after']);
            return resolve({
              status: 'retry',
              statusCode,
              retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
            });
          }
          resolve({ status: 'refused', statusCode });
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service did not answer')));
      request.on('error', () => resolve({ status: 'retry', statusCode: null, retryAfterSeconds: null }));
      request.end(details.body ?? undefined);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
