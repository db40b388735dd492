import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionClaims, SessionTokens } from './session-tokens.ts';

const SESSION_DAYS = 30;
// Writing last_seen_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionContext {
  ip: string | undefined;
  userAgent: string | undefined;
}

export class SessionsService {
  /** Asked on every signed-in request: prepared once, planned once per database connection. */
  private readonly liveSession;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly tokens: SessionTokens,
  ) {
    this.liveSession = db
      .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .limit(1)
      .prepare('live_session');
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

  /** A token is good only while its session row is live: logout and reset end it at once. */
  async authenticate(token: string): Promise<SessionClaims | undefined> {
    const now = this.clock.now();
    const claims = this.tokens.verify(token, now);
    if (!claims) return undefined;
    const [row] = await this.liveSession.execute({
      sessionId: claims.sessionId,
      userId: claims.userId,
      now: now.toISOString(),
    });
    if (!row) return undefined;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    }
    return claims;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user; answers the ids so their sockets can be closed too. */
  async revokeAll(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }
}
