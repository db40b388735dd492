import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';

/** Who may call a route, as its OpenAPI `security` says it. */
export type RouteAccess = 'session' | 'optional-session' | 'anyone';

type SecurityRequirement = Record<string, readonly string[]>;

/**
 * `[{ bearer: [] }]`: a session is required; `[{}, { bearer: [] }]`: a token is read when sent (a
 * public page that shows more to a signed-in viewer); no requirement or `[]`: anyone.
 */
export function accessOf(security: readonly SecurityRequirement[] | undefined): RouteAccess {
  if (!security?.length) return 'anyone';
  const needsToken = (requirement: SecurityRequirement) => 'bearer' in requirement;
  if (security.every(needsToken)) return 'session';
  return security.some(needsToken) ? 'optional-session' : 'anyone';
}

const listOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([] as T[]).concat(hooks));

/**
 * Who may call a route is part of how it is declared (issue 23): its schema's OpenAPI `security`.
 * A route that needs a session gets the session check as its first `onRequest` hook, unless it (or
 * its scope, for the admin areas) already checks there: before its body is parsed or validated, so
 * a visitor always hears 401, never the field rules (two Telegram routes answered 400 when their
 * check ran as a preHandler, after validation). At start, refused: an `/api` route that does not
 * say who may call it, and a session check placed after validation.
 */
export function enforceRouteAccess(
  app: FastifyInstance,
  checks: { requireUser: onRequestHookHandler; sessionChecks: readonly unknown[] },
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = route.schema as { security?: SecurityRequirement[] } | undefined;
    // The API's own documentation pages (Swagger UI) are not part of the API.
    if (route.url.startsWith('/api/docs')) return;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    const late = [...listOf(route.preValidation), ...listOf(route.preHandler)] as unknown[];
    if (late.some((hook) => checks.sessionChecks.includes(hook))) {
      throw new Error(
        `${name}: check the session in onRequest (its schema's security does that), not after validation`,
      );
    }
    if (!schema || !('security' in schema)) {
      throw new Error(
        `${name}: say who may call it: schema.security [{ bearer: [] }], [{}, { bearer: [] }] or []`,
      );
    }
    if (accessOf(schema.security) !== 'session') return;
    const early = listOf(route.onRequest) as unknown[];
    if (early.some((hook) => checks.sessionChecks.includes(hook))) return;
    route.onRequest = [checks.requireUser, ...(early as onRequestHookHandler[])];
  });
}
