import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type Invalidation, SharedCache } from '../../db/invalidation.ts';
import { sessions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionClaims, SessionTokens } from './session-tokens.ts';

const SESSION_DAYS = 30;
// Writing last_seen_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;
/** How long a process may trust a session it read without hearing of its end (decision 008). */
const REMEMBER_SESSION_MS = 30_000;
const REMEMBERED_SESSIONS = 50_000;

/** A session row as authentication needs it; `null` in the cache means ended (for good). */
interface LiveSession {
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

export interface SessionContext {
  ip: string | undefined;
  userAgent: string | undefined;
}

export class SessionsService {
  /** Asked on a signed-in request whose session this process does not remember: prepared once. */
  private readonly liveSession;
  private readonly remembered: SharedCache<LiveSession | null>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly tokens: SessionTokens,
    private readonly invalidation: Invalidation,
  ) {
    this.liveSession = db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
      .limit(1)
      .prepare('live_session');
    this.remembered = new SharedCache(invalidation, 'session', {
      maxEntries: REMEMBERED_SESSIONS,
      ttlMs: REMEMBER_SESSION_MS,
    });
  }

  async start(db: Executor, userId: string, context: SessionContext): Promise<string> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    const [row] = await db
      .insert(sessions)
      .values({
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, 300),
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('insert into sessions returned no row');
    return this.tokens.sign({ userId, sessionId: row.id }, now, expiresAt);
  }

  /**
   * A token is good only while its session row is live: logout and reset end it at once, in
   * every process (the row is remembered for a while, and forgotten when any process ends it).
   */
  async authenticate(token: string): Promise<SessionClaims | undefined> {
    const now = this.clock.now();
    const claims = this.tokens.verify(token, now);
    if (!claims) return undefined;
    const session = await this.remembered.get(claims.sessionId, async () => {
      const [row] = await this.liveSession.execute({ sessionId: claims.sessionId });
      return row ?? null;
    });
    if (!session || session.userId !== claims.userId || session.expiresAt <= now) return undefined;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      session.lastSeenAt = now;
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, claims.sessionId));
    }
    return claims;
  }

  /** Ends one live session (of `ownerId` only, when given); answers whether it was live. */
  async revoke(sessionId: string, ownerId?: string): Promise<boolean> {
    const [row] = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        and(
          eq(sessions.id, sessionId),
          ownerId === undefined ? undefined : eq(sessions.userId, ownerId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    if (row) await this.ended([row.id]);
    return row !== undefined;
  }

  /** Sessions ended by a committed change: no process may go on accepting them. */
  async ended(sessionIds: readonly string[]): Promise<void> {
    await this.invalidation.publish('session', sessionIds);
  }

  /**
   * Ends every live session of a user (but `keep`, when given) inside the caller's transaction;
   * answers their ids, which the caller passes to `ended()` once the transaction has committed
   * (and to the sockets).
   */
  async revokeAll(db: Executor, userId: string, keep?: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep === undefined ? undefined : ne(sessions.id, keep),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }
}
