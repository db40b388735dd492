import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registrationBody, type TestApp, uniqueEmail } from '../../../test/test-app.ts';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ TELEGRAM_BOT_USERNAME: 'ExampleTipsBot' }, { webDistDir: webDir });
});
afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready reports the database reachable and migrations applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', migrations: 'applied' });
  });
});

describe('API conventions', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('refuses a body over the size limit with 413 and a JSON message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('never answers a stack trace or SQL', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(uniqueEmail(), { firstName: { nested: true } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+|select |insert into/i);
  });

  it('treats an empty body sent as JSON as no body', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    const withSchema = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(withSchema.statusCode).toBe(400);
    expect(withSchema.json().message).toBe('The request body must be a JSON object.');
  });

  it('explains validation problems in sentences, one per field', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x', isAdmin: true, role: 'admin' },
    });
    expect(unknown.json().errors).toEqual([
      { field: 'isAdmin', message: 'Unexpected field "isAdmin".' },
      { field: 'role', message: 'Unexpected field "role".' },
    ]);
    const array = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(array.json().message).toBe('The request body must be a JSON object.');
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(uniqueEmail(), { firstName: 'A\u0000da' }),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toContainEqual({
      field: 'firstName',
      message: '"firstName" contains a NUL character, which is not allowed.',
    });
    const tab = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(uniqueEmail(), { firstName: 'A\tda' }),
    });
    expect(tab.json().errors).toContainEqual({
      field: 'firstName',
      message: 'Names may not contain control characters.',
    });
  });

  it('marks API answers as not cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('compresses JSON for clients that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('does not allow other origins by default (CORS)', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI description at /api/docs with every auth route', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    for (const route of [
      '/api/auth/register',
      '/api/auth/verify-otp',
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/health',
      '/api/ready',
    ]) {
      expect(paths).toContain(route);
    }
    expect(spec.json().paths['/api/auth/register'].post.requestBody).toBeDefined();
  });
});

describe('the web app', () => {
  it('serves index.html with the runtime config for the root and for SPA routes', async () => {
    for (const url of ['/', '/dashboard', '/reset-password?email=a%40b.co']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<script type="application/json" id="app-config">');
      expect(response.body).toContain('https://t.me/ExampleTipsBot');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the pre-compressed copy of an asset the browser accepts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(brotliCompressSync('console.log("app")'))).toBe(true);
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(response.statusCode).toBe(404);
  });
});
