import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { accessOf, enforceRouteAccess } from './route-access.ts';

type Operation = { security?: Record<string, string[]>[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/*
 * Every secured route checks the session before it reads its input (issue 23: two Telegram routes
 * told a visitor the field rules, 400, instead of 401). Driven by the API's own OpenAPI document,
 * so a route added later is checked too.
 */
describe('a visitor calling a route that needs a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hears 401 whatever the input, on every such route, and with a token that is not a session', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const secured = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => accessOf(operation.security) === 'session')
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    // The Telegram routes of the finding, and the rest of the API.
    expect(secured.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/telegram/generate-link-code',
        'PATCH /api/auth/telegram/preferences',
        'POST /api/wallet/deposit',
        'GET /api/admin/overview',
      ]),
    );
    expect(secured.length).toBeGreaterThan(60);
    const refusals: string[] = [];
    for (const { method, path } of secured) {
      // Path parameters that are not ids, a body of wrong fields: what a validator would refuse first.
      const url = path.replace(/\{[^}]+\}/g, 'not-an-id');
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const answer = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: { unexpected: ['field'] } }),
        });
        if (answer.statusCode !== 401 || answer.json().success !== false) {
          refusals.push(`${method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });
});

describe('how a route says who may call it', () => {
  const requireUser = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== 'Bearer good') {
      await reply.status(401).send({ success: false, message: 'Please log in to continue.' });
    }
  };

  it('reads OpenAPI security: bearer only is a session, bearer or nothing is optional, none is anyone', () => {
    expect(accessOf([{ bearer: [] }])).toBe('session');
    expect(accessOf([{}, { bearer: [] }])).toBe('optional-session');
    expect(accessOf([])).toBe('anyone');
    expect(accessOf(undefined)).toBe('anyone');
  });

  it('refuses at start an /api route that does not say, and a session check after validation', async () => {
    const silent = Fastify();
    enforceRouteAccess(silent, { requireUser, sessionChecks: [requireUser] });
    expect(() => silent.get('/api/silent', { schema: {} }, async () => ({}))).toThrow(/say who may call it/);
    const late = Fastify();
    enforceRouteAccess(late, { requireUser, sessionChecks: [requireUser] });
    expect(() =>
      late.post(
        '/api/late',
        { schema: { security: [{ bearer: [] }] }, preHandler: requireUser },
        async () => ({}),
      ),
    ).toThrow(/check the session in onRequest/);
  });

  it('checks the session of a secured route before its body is validated', async () => {
    const app = Fastify();
    enforceRouteAccess(app, { requireUser, sessionChecks: [requireUser] });
    app.post(
      '/api/secured',
      {
        schema: {
          security: [{ bearer: [] }],
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      },
      async () => ({ ok: true }),
    );
    const visitor = await app.inject({ method: 'POST', url: '/api/secured', payload: { wrong: 1 } });
    expect(visitor.statusCode).toBe(401);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/secured',
      headers: { authorization: 'Bearer good' },
      payload: { wrong: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    await app.close();
  });
});
