import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { serverRoot } from '../bootstrap.ts';
import { AppLogController } from '../lib/logger.ts';

interface LogLine {
  level: number;
  msg: string;
}

let t: TestApp;
let webDir: string;
let port: number;
const lines: LogLine[] = [];

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    // Large enough that a compressed page is still streaming when the client hangs up.
    `<!doctype html><html><head><!--app-config--></head><body>${randomBytes(4 * 1024 * 1024).toString('hex')}</body></html>`,
  );
  // Large and incompressible, so the answer is still streaming when the client hangs up.
  writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), randomBytes(16 * 1024 * 1024));
  writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), randomBytes(16 * 1024 * 1024));
  copyFileSync(path.join(serverRoot, '..', 'web', 'public', 'push-sw.js'), path.join(webDir, 'push-sw.js'));
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().trim().split('\n')) lines.push(JSON.parse(line) as LogLine);
  });
  t = await buildTestApp({ LOG_LEVEL: 'debug' }, { webDistDir: webDir, logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A browser cancelling a download: it reads the start of the file, then closes (or resets) the socket. */
function cancelDownload(
  encoding: string,
  hangUp: 'close' | 'reset',
  address = '/assets/big-abc123.js',
): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${address} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: ${encoding}\r\n\r\n`);
    });
    socket.on('error', reject);
    socket.on('data', (data) => {
      received += data.length;
      if (received < 64 * 1024) return;
      if (hangUp === 'reset') socket.resetAndDestroy();
      else socket.destroy();
      resolve(received);
    });
  });
}

describe('the push worker', () => {
  it('is served from the root as JavaScript, checked on every registration, allowed to control the site', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/push-sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(await response.text()).toContain("addEventListener('notificationclick'");
    // No other file may widen a worker's scope.
    const page = await fetch(`http://127.0.0.1:${port}/favicon.svg`);
    expect(page.headers.get('service-worker-allowed')).toBeNull();
  });
});

describe('a browser cancelling an asset download', () => {
  it('is logged at debug level, never as an error, a warning or an info line', async () => {
    lines.length = 0;
    for (const encoding of ['identity', 'br']) {
      for (const hangUp of ['close', 'reset'] as const) {
        expect(await cancelDownload(encoding, hangUp)).toBeGreaterThan(0);
      }
    }
    // The server notices the closed socket on its next write.
    await expect
      .poll(() => lines.filter((line) => line.msg === 'client closed the connection early').length)
      .toBe(4);
    expect(lines.filter((line) => line.level >= 30 && line.msg !== 'incoming request')).toEqual([]);
    expect(
      lines.filter((line) => line.msg === 'client closed the connection early').map((line) => line.level),
    ).toEqual([20, 20, 20, 20]);
    // And the server goes on answering.
    const after = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(after.status).toBe(200);
  });
});

describe('a client hanging up on an answer compressed on the fly', () => {
  it('is a debug line, not the error @fastify/compress logs for it', async () => {
    lines.length = 0;
    for (const hangUp of ['close', 'reset'] as const) {
      expect(await cancelDownload('gzip', hangUp, '/')).toBeGreaterThan(0);
    }
    await expect
      .poll(() => lines.filter((line) => line.msg === 'client closed the connection early').length)
      .toBeGreaterThanOrEqual(2);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    const after = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(after.status).toBe(200);
  });
});

describe('the request log', () => {
  const fakeRequest = (socketDestroyed: boolean) =>
    ({
      raw: { destroyed: socketDestroyed, socket: { destroyed: socketDestroyed } },
    }) as unknown as FastifyRequest;
  const fakeReply = () => {
    const logged: Array<[string, string]> = [];
    const log = Object.fromEntries(
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [
        level,
        (_object: unknown, message: string) => logged.push([level, message]),
      ]),
    );
    return { reply: { log, elapsedTime: 1, statusCode: 200 } as unknown as FastifyReply, logged };
  };
  const controller = new AppLogController();

  it('answers a broken pipe on a closed socket at debug level', () => {
    const { reply, logged } = fakeReply();
    const pipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    controller.requestCompleted(pipe, fakeRequest(true), reply);
    controller.streamError(pipe, fakeRequest(true), reply);
    expect(logged).toEqual([
      ['debug', 'client closed the connection early'],
      ['debug', 'client closed the connection early'],
    ]);
  });

  it('keeps real faults and finished requests as Fastify logs them', () => {
    const { reply, logged } = fakeReply();
    // A reset from elsewhere (the database) while the client is still connected is a fault.
    controller.requestCompleted(
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      fakeRequest(false),
      reply,
    );
    controller.streamError(new Error('disk read failed'), fakeRequest(false), reply);
    controller.requestCompleted(null, fakeRequest(false), reply);
    expect(logged).toEqual([
      ['error', 'request errored'],
      ['warn', 'response terminated with an error with headers already sent'],
      ['info', 'request completed'],
    ]);
  });
});
