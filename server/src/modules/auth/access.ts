import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type Invalidation, SharedCache } from '../../db/invalidation.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { findUserById } from '../users/users.repository.ts';
import type { SessionClaims } from './session-tokens.ts';
import type { SessionsService } from './sessions.service.ts';

/**
 * The permission rule, in one place: who is signed in (a live session behind a valid bearer
 * token) and who is an admin. Every protected route uses these pre-handlers.
 */
declare module 'fastify' {
  interface FastifyRequest {
    session: SessionClaims | undefined;
  }
}

export const sessionExpired = () =>
  new AppError('SESSION_EXPIRED', 401, 'Your session has ended. Please log in again.');

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  // The original client may store the token wrapped in quotes.
  return match?.[1]?.replace(/^"|"$/g, '');
}

/** How long a process trusts a user's role read from the database (a role change is published at once). */
const REMEMBER_ROLE_MS = 30_000;
const REMEMBERED_ROLES = 10_000;

export function createAccess(db: Database, sessions: SessionsService, invalidation: Invalidation) {
  // Whether a user is an admin, remembered like the sessions (decision 008): a role change
  // (AdminUsersService.setRole) publishes 'user' and every process forgets it at once.
  const adminRoles = new SharedCache<boolean>(invalidation, 'user', {
    maxEntries: REMEMBERED_ROLES,
    ttlMs: REMEMBER_ROLE_MS,
  });

  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    // Already checked by an earlier hook (an admin scope's requireAdmin, then the route's own).
    if (request.session) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 401, 'Please log in to continue.');
    const claims = await sessions.authenticate(token);
    if (!claims) throw sessionExpired();
    request.session = claims;
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const userId = currentSession(request).userId;
    const admin = await adminRoles.get(
      userId,
      async () => (await findUserById(db, userId))?.role === 'admin',
    );
    if (!admin) throw forbidden('This area is for administrators only.');
  }

  /**
   * Who is looking at a public page: a signed-in user (and whether an admin), or nobody. A token
   * that no longer works makes the request anonymous rather than failing it.
   */
  async function viewer(request: FastifyRequest): Promise<{ userId: string; isAdmin: boolean } | undefined> {
    const token = bearerToken(request);
    const claims = token ? await sessions.authenticate(token) : undefined;
    if (!claims) return undefined;
    const user = await findUserById(db, claims.userId);
    return user ? { userId: user.id, isAdmin: user.role === 'admin' } : undefined;
  }

  return { requireUser, requireAdmin, viewer };
}

export type Access = ReturnType<typeof createAccess>;

/** For handlers behind requireUser: the session is always there. */
export function currentSession(request: FastifyRequest): SessionClaims {
  if (!request.session) throw sessionExpired();
  return request.session;
}
