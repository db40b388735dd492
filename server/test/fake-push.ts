import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// http_ece has no types; this is the one function used (RFC 8188 aes128gcm decryption).
import ece from 'http_ece';

/**
 * A local web push service speaking the real protocol (RFC 8030/8291/8292), over HTTPS with a
 * certificate made for the test: it checks each request's VAPID token (ES256, audience, expiry,
 * key) and decrypts the aes128gcm body with the browser's private key, as a real one and the
 * browser would. Each endpoint can be told to answer 201 (default), 404, 410, 429 or 500.
 */
export interface ReceivedPush {
  endpointId: string;
  payload: { title: string; body: string; url: string; tag: string };
  headers: Record<string, string | string[] | undefined>;
  vapid: { aud: string; sub: string; exp: number };
}

export interface FakeBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function certificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-push-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Checks `vapid t=<jwt>, k=<key>` as a push service must; answers the token's claims or a reason. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return { error: 'no vapid authorization' };
  const [head, body, signature] = match[1].split('.');
  if (!head || !body || !signature) return { error: 'malformed token' };
  const publicKey = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(publicKey.subarray(1, 33)),
      y: b64url(publicKey.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return { error: 'bad signature' };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (claims.aud !== origin) return { error: `audience ${claims.aud}` };
  if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000)
    return { error: 'expiry' };
  if (!/^(mailto:|https:)/.test(claims.sub)) return { error: 'subject' };
  return { claims, publicKey: match[2] };
}

export async function startFakePushService() {
  const { key, cert } = certificate();
  const browsers = new Map<string, FakeBrowser>();
  const answers = new Map<string, { status: number; retryAfter?: number }[]>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let expectedVapidKey: string | undefined;
  let origin = '';

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpointId = (request.url ?? '').replace(/^\/push\//, '');
      const browser = browsers.get(endpointId);
      const vapid = checkVapid(request.headers.authorization, origin);
      if (!browser || 'error' in vapid || request.headers['content-encoding'] !== 'aes128gcm') {
        refused.push(`${endpointId}: ${'error' in vapid ? vapid.error : 'unknown endpoint or encoding'}`);
        response.writeHead(400).end();
        return;
      }
      if (expectedVapidKey && vapid.publicKey !== expectedVapidKey) {
        refused.push(`${endpointId}: another VAPID key`);
        response.writeHead(403).end();
        return;
      }
      const scripted = answers.get(endpointId)?.shift();
      if (scripted && scripted.status !== 201) {
        response
          .writeHead(
            scripted.status,
            scripted.retryAfter ? { 'retry-after': String(scripted.retryAfter) } : {},
          )
          .end();
        return;
      }
      const plaintext = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      }) as Buffer;
      received.push({
        endpointId,
        payload: JSON.parse(plaintext.toString('utf8')),
        headers: request.headers,
        vapid: vapid.claims,
      });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** An agent for the app under test that trusts this service's certificate (and nothing less). */
    agent: new https.Agent({ ca: cert, keepAlive: true }),
    /** The service's certificate (PEM), for a process that must trust it (NODE_EXTRA_CA_CERTS). */
    certificatePem: cert.toString('utf8'),
    received,
    refused,
    origin,
    /** A new browser: its push subscription, as PushManager.subscribe would give it. */
    browser(): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      const id = b64url(randomBytes(9));
      const browser = {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth },
        },
        ecdh,
        auth,
      };
      browsers.set(id, browser);
      return browser;
    },
    endpointId: (browser: FakeBrowser) => browser.subscription.endpoint.split('/push/')[1] as string,
    /** The next answers of one endpoint (then 201 again). */
    answer(browser: FakeBrowser, ...statuses: { status: number; retryAfter?: number }[]) {
      const id = browser.subscription.endpoint.split('/push/')[1] as string;
      answers.set(id, [...(answers.get(id) ?? []), ...statuses]);
    },
    expectVapidKey(publicKey: string) {
      expectedVapidKey = publicKey;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
