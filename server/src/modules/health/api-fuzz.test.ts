import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

/*
 * A fuzzer over the whole API, driven by its own OpenAPI document: every route's path, query and
 * body get hostile values (NUL, lone surrogates, huge and tiny numbers, wrong types, injections,
 * malformed encodings) and random JSON, as a visitor, a user and an admin. No answer may be a
 * 5xx, and every refusal must follow the error contract. A route added later is fuzzed too.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};
type Operation = {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Values no field should be able to turn into a server error. */
const hostileValues: unknown[] = [
  null,
  '',
  '\u0000',
  'a\ud800b',
  '\udfff',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '../../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '١٢٣',
  0,
  -1,
  1e-9,
  1e308,
  -1e308,
  0.1 + 0.2,
  2 ** 53 + 1,
  1.5,
  true,
  [],
  {},
  [1, 2],
  { $gt: '' },
];
/** Query parameter values as they appear in a URL (already percent-encoded where needed). */
const hostileQueryValues = [
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '-1',
  '0',
  '1e400',
  'NaN',
  'Infinity',
  'x'.repeat(3000),
  '1.5',
  '%27%20OR%201%3D1',
  '',
];
const hostilePathValues = [
  '%00',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '%FF',
  '..%2F..',
  'a'.repeat(150),
  '%ED%A0%80',
  "1'%20or%20'1'='1",
];

/** A plausible valid value for a schema, so that one hostile field at a time reaches deep into a route. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) {
    const concrete = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return sample(concrete, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return `fuzz.${randomUUID().slice(0, 6)}@example.com`;
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'uuid') return randomUUID();
      return 'FuzzValue1!'.padEnd(Math.max(schema.minLength ?? 0, 11), 'x');
    case 'integer':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'number':
      return Math.max(2, schema.minimum ?? 0);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = sample(property, depth + 1);
      return value;
    }
    default:
      return null;
  }
}

/** Every field path of a sampled body (nested objects and the first item of arrays). */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) {
    return value.length ? [[...prefix, '0'], ...fieldPaths(value[0], [...prefix, '0'])] : [];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...fieldPaths(item, [...prefix, key]),
    ]);
  }
  return [];
}

function withField(body: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let cursor: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  if (replacement === undefined) delete cursor[last];
  else cursor[last] = replacement;
  return copy;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const game = {
  teamA: 'Arsenal',
  teamB: 'Chelsea',
  league: 'Premier League',
  kickoff: inDays(1),
  prediction: 'Home win',
  odds: 1.5,
};
/**
 * Bodies the routes accept, for the routes whose schemas a generic sample cannot satisfy (patterns,
 * cross-field rules): with them, one hostile field at a time gets past validation of the others
 * and reaches the service and the database.
 */
const acceptedBodies: Record<string, () => unknown> = {
  'POST /api/admin/booking-codes': () => ({
    bookingCode: `FZ${randomUUID().slice(0, 8).toUpperCase()}`,
    category: 'football',
    bookmaker: 'SportyBet',
    totalOdds: 3.2,
    price: 100,
    confidence: 80,
    urgency: 'high',
    urgencyTag: 'Fuzz',
    adminNote: 'Fuzzing',
    slotLimit: 10,
    expiresAt: inDays(1),
    games: [game],
  }),
  'PATCH /api/admin/booking-codes/{id}': () => ({ adminNote: 'Edited', confidence: 70, games: [game] }),
  'POST /api/admin/booking-codes/{id}/settle': () => ({ result: 'void', reason: 'Fuzzing' }),
  'POST /api/admin/users/{id}/adjust': () => ({
    wallet: 'main',
    amount: 10.5,
    reason: 'Fuzzing adjustments',
  }),
  'PATCH /api/admin/users/{id}': () => ({ role: 'user' }),
  'POST /api/wallet/deposit': () => ({ amount: 100, provider: 'dev' }),
  'POST /api/wallet/withdraw-bonus': () => ({ amount: 1000 }),
  'POST /api/booking-codes/purchase/{id}': () => ({ walletType: 'main' }),
  'POST /api/auth/register': () => ({
    firstName: 'Fuzz',
    lastName: 'Tester',
    email: `fuzz.${randomUUID().slice(0, 8)}@example.com`,
    phone: '2348031234567',
    password: 'Str0ng!Pass',
  }),
  'POST /api/auth/login': () => ({ email: 'nobody@example.com', password: 'Str0ng!Pass' }),
  'POST /api/auth/verify-otp': () => ({ email: 'nobody@example.com', otp: '123456' }),
  'POST /api/auth/reset-password': () => ({
    email: 'nobody@example.com',
    otp: '123456',
    newPassword: 'Str0ng!Pass2',
  }),
};

let t: TestApp;
const tokens: Record<'visitor' | 'user' | 'admin', string | undefined> = {
  visitor: undefined,
  user: undefined,
  admin: undefined,
};
let knownIds: string[] = [];
let userId = '';
let codeId = '';

beforeAll(async () => {
  t = await buildTestApp({ ...adminEnv, SEED_DEMO: '1' });
  const admin = await loginAdmin(t);
  const user = await signUpAndLogin(t);
  await devDeposit(t, user.token, 5000);
  tokens.user = user.token;
  tokens.admin = admin.token;
  const codes = await t.app.inject({ method: 'GET', url: '/api/booking-codes?limit=3' });
  knownIds = [user.userId, ...(codes.json() as Array<{ _id: string }>).map((code) => code._id)];
  userId = user.userId;
  codeId = knownIds[1] ?? '';
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing every route of the OpenAPI document', () => {
  it('never answers 5xx, and every refusal follows the error contract', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          path,
          method: method.toUpperCase(),
          operation,
        })),
      )
      // Ending the session is fuzzed last, so the other routes keep a signed-in caller.
      .sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
    expect(operations.length).toBeGreaterThan(40);

    const failures: string[] = [];
    let requests = 0;
    const send = async (options: InjectOptions, what: string) => {
      requests += 1;
      const response = await t.app.inject(options);
      if (response.statusCode >= 500) {
        failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        return;
      }
      if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('json')) {
        const body = response.json() as { success?: unknown; code?: unknown; message?: unknown };
        if (body.success !== false || typeof body.code !== 'string' || typeof body.message !== 'string') {
          failures.push(
            `${what} → ${response.statusCode} outside the error contract: ${response.body.slice(0, 200)}`,
          );
        }
      }
    };

    for (const { path, method, operation } of operations) {
      const caller = path.startsWith('/api/admin')
        ? 'admin'
        : operation.security?.length
          ? 'user'
          : 'visitor';
      const headers = (who: keyof typeof tokens) => (tokens[who] ? bearer(tokens[who] as string) : {});
      const parameters = operation.parameters ?? [];
      const pathParams = parameters.filter((parameter) => parameter.in === 'path');
      const queryParams = parameters.filter((parameter) => parameter.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const accepted = acceptedBodies[`${method} ${path}`];
      const baseBody = accepted ? accepted() : bodySchema ? sample(bodySchema) : undefined;
      // The real entity the path names, so that hostile bodies reach the code behind the route.
      const realId = path.includes('/users/') ? userId : codeId;
      const url = (pathValue: string | undefined, query = '') => {
        let filled = path;
        for (const parameter of pathParams)
          filled = filled.replace(`{${parameter.name}}`, pathValue ?? randomUUID());
        return `${filled}${query ? `?${query}` : ''}`;
      };
      const request = (options: Partial<InjectOptions> & { url: string }, who: keyof typeof tokens) =>
        send(
          {
            method: method as InjectOptions['method'],
            ...options,
            headers: { ...headers(who), ...(options.headers as Record<string, string> | undefined) },
          },
          `${who} ${method} ${options.url.slice(0, 120)} ${JSON.stringify(options.payload ?? '').slice(0, 120)}`,
        );
      const withBody = (payload: unknown) =>
        payload === undefined
          ? {}
          : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };

      // Everyone, with a plausible request.
      for (const who of ['visitor', 'user', 'admin'] as const) {
        await send(
          {
            method: method as InjectOptions['method'],
            url: url(knownIds[0]),
            headers: {
              ...headers(who),
              ...(baseBody === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(baseBody === undefined ? {} : { payload: JSON.stringify(baseBody) }),
          },
          `${who} ${method} ${path} (plausible)`,
        );
      }
      // Paths: hostile and real ids.
      for (const value of [...hostilePathValues, ...knownIds]) {
        if (!pathParams.length) break;
        await send(
          {
            method: method as InjectOptions['method'],
            url: url(value),
            headers: {
              ...headers(caller),
              ...(baseBody === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(baseBody === undefined ? {} : { payload: JSON.stringify(baseBody) }),
          },
          `${caller} ${method} ${url(value).slice(0, 120)}`,
        );
      }
      // Query: each parameter with each hostile value, and repeated.
      for (const parameter of queryParams) {
        for (const value of hostileQueryValues) {
          await request({ url: url(realId, `${parameter.name}=${value}`) }, caller);
        }
        await request({ url: url(realId, `${parameter.name}=1&${parameter.name}=2`) }, caller);
      }
      // Body: each field replaced by each hostile value, or left out; then whole bodies of the wrong shape.
      if (bodySchema) {
        for (const field of fieldPaths(baseBody)) {
          for (const value of [...hostileValues, undefined]) {
            const payload = withField(baseBody, field, value);
            await send(
              {
                method: method as InjectOptions['method'],
                url: url(realId),
                headers: { ...headers(caller), 'content-type': 'application/json' },
                payload: JSON.stringify(payload),
              },
              `${caller} ${method} ${path} ${field.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`,
            );
          }
        }
      }
      for (const raw of ['[]', '"text"', '42', 'null', '{"a":', '{"__proto__":{"isAdmin":true}}', '\u0000']) {
        await request(
          {
            url: url(realId),
            payload: raw,
            headers: { ...headers(caller), 'content-type': 'application/json' },
          },
          caller,
        );
      }
      // Random JSON bodies and query strings (seeded, so a failure can be replayed with FUZZ_SEED).
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), fc.string({ unit: 'binary', maxLength: 40 }), async (body, text) => {
          await request({ url: url(realId, `q=${encodeURIComponent(text)}`), ...withBody(body) }, caller);
        }),
        { numRuns: 12, seed: SEED },
      );
    }

    expect(requests).toBeGreaterThan(2500);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
