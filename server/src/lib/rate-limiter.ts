import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema/index.ts';
import { rateLimited } from './app-error.ts';
import type { Clock } from './clock.ts';

export interface LimitRule {
  /** What is counted, e.g. `login:email:ada@example.com` or `login:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so every process behind a load balancer shares
 * them. One atomic upsert per rule: no read-then-write race between concurrent requests.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async hit(rule: LimitRule): Promise<LimitResult> {
    const now = this.clock.now();
    const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000);
    const [row] = await this.db
      .insert(rateLimitBuckets)
      .values({ key: rule.key, hits: 1, resetAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          hits: sql`case when ${rateLimitBuckets.resetAt} <= ${now}::timestamptz then 1 else ${rateLimitBuckets.hits} + 1 end`,
          resetAt: sql`case when ${rateLimitBuckets.resetAt} <= ${now}::timestamptz then ${windowEnd}::timestamptz else ${rateLimitBuckets.resetAt} end`,
        },
      })
      .returning({ hits: rateLimitBuckets.hits, resetAt: rateLimitBuckets.resetAt });
    if (!row) throw new Error('rate limit upsert returned no row');
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    return { allowed: row.hits <= rule.limit, retryAfterSeconds };
  }

  /** Checks every rule (each counts the attempt) and reports the longest wait among those exceeded. */
  async hitAll(rules: LimitRule[]): Promise<LimitResult> {
    let blockedFor = 0;
    for (const rule of rules) {
      const result = await this.hit(rule);
      if (!result.allowed) blockedFor = Math.max(blockedFor, result.retryAfterSeconds);
    }
    return { allowed: blockedFor === 0, retryAfterSeconds: blockedFor };
  }

  /** Counts the attempt against every rule and refuses it (429 with the wait) when one is exceeded. */
  async enforce(rules: LimitRule[]): Promise<void> {
    const result = await this.hitAll(rules);
    if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
  }

  /** Whether a rule is already exhausted, without counting this look. */
  async check(rule: LimitRule): Promise<LimitResult> {
    const now = this.clock.now();
    const row = await this.db.query.rateLimitBuckets.findFirst({ where: eq(rateLimitBuckets.key, rule.key) });
    if (!row || row.resetAt <= now || row.hits < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
    };
  }

  /** How many hits the key's current window holds, without counting this look (0 once it is over). */
  async peek(key: string): Promise<number> {
    const row = await this.db.query.rateLimitBuckets.findFirst({ where: eq(rateLimitBuckets.key, key) });
    return row && row.resetAt > this.clock.now() ? row.hits : 0;
  }

  /** Gives a window back, e.g. when the mail carrying a code could not be sent. */
  async release(key: string): Promise<void> {
    await this.db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
  }

  async pruneExpired(): Promise<void> {
    await this.db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, this.clock.now()));
  }
}
