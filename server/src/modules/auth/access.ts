import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
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

export function createAccess(db: Database, sessions: SessionsService) {
  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 401, 'Please log in to continue.');
    const claims = await sessions.authenticate(token);
    if (!claims) throw sessionExpired();
    request.session = claims;
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const user = await findUserById(db, currentSession(request).userId);
    if (user?.role !== 'admin') throw forbidden('This area is for administrators only.');
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
