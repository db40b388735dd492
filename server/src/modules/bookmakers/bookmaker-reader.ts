import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { BookmakerCheckConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { bookmakerReads, bookmakerStatus } from '../../db/schema/index.ts';
import {
  type BookmakerAdapter,
  type BookmakerCode,
  BookmakerUnavailable,
  type CodeRead,
} from '../../integrations/bookmakers/bookmaker.ts';
import { SportyBetAdapter } from '../../integrations/bookmakers/sportybet.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/*
 * Every call to a bookmaker goes through here (PRODUCT 16): a read younger than a minute is reused
 * from the database (whichever process made it), and new calls share one budget of 30 a minute across
 * every bookmaker and process (the bookmakers sit behind bot defences: calls must be few). Each
 * call's outcome is kept for the admin's status panel.
 */

export const BOOKMAKER_CALLS_PER_MINUTE = 30;
/** A read this young is reused rather than asking the bookmaker again. */
export const REUSE_READ_MS = 60_000;
const BUDGET_KEY = 'bookmaker-calls';

export interface StoredRead {
  read: CodeRead;
  readAt: Date;
}

export interface BookmakerStatus {
  name: string;
  label: string;
  ok: boolean;
  lastError: string | null;
  lastCallAt: string | null;
  callsLastMinute: number;
}

/** The adapters BOOKMAKER_CHECK turns on, by name (a Map: a name is data, never a property). */
export function bookmakerAdapters(config: BookmakerCheckConfig, clock: Clock): Map<string, BookmakerAdapter> {
  const adapters = new Map<string, BookmakerAdapter>();
  for (const name of config.bookmakers) {
    if (name === 'sportybet') adapters.set(name, new SportyBetAdapter({ ...config.sportybet, clock }));
  }
  return adapters;
}

/** A code as bookmakers compare it: without case or spaces. */
export const normalCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

export class BookmakerReader {
  /** Reads under way in this process, by bookmaker and code: a second asker waits for the first. */
  readonly #inFlight = new Map<string, Promise<StoredRead>>();

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      limiter: RateLimiter;
      adapters: ReadonlyMap<string, BookmakerAdapter>;
      logger: Logger;
    },
  ) {}

  /** The adapter for a bookmaker's key ('sportybet'), if its codes are read at the bookmaker. */
  adapter(bookmaker: string): BookmakerAdapter | undefined {
    return this.deps.adapters.get(bookmaker);
  }

  /**
   * The code as the bookmaker holds it, read less than `maxAgeMs` ago: the stored read when it is
   * younger, else a new call (0: always a new call). Throws BookmakerUnavailable when the bookmaker cannot say or the
   * minute's calls are spent.
   */
  async read(bookmaker: string, code: string, maxAgeMs = REUSE_READ_MS): Promise<StoredRead> {
    const adapter = this.adapter(bookmaker);
    if (!adapter) throw new Error(`no adapter reads ${bookmaker} codes`);
    const normal = normalCode(code);
    const stored = await this.lastRead(bookmaker, normal);
    if (stored && this.deps.clock.now().getTime() - stored.readAt.getTime() < maxAgeMs) return stored;
    const key = `${bookmaker}:${normal}`;
    const running = this.#inFlight.get(key);
    if (running) return running;
    const reading = this.call(adapter, normal).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, reading);
    return reading;
  }

  /** The latest stored read of a code, whatever its age. */
  async lastRead(bookmaker: string, code: string): Promise<StoredRead | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(bookmakerReads)
      .where(and(eq(bookmakerReads.bookmaker, bookmaker), eq(bookmakerReads.code, normalCode(code))));
    return row ? { read: fromJson(row.answer), readAt: row.readAt } : undefined;
  }

  private async call(adapter: BookmakerAdapter, code: string): Promise<StoredRead> {
    const { db, clock, limiter, logger } = this.deps;
    const budget = await limiter.hit({
      key: BUDGET_KEY,
      limit: BOOKMAKER_CALLS_PER_MINUTE,
      windowSeconds: 60,
    });
    if (!budget.allowed) {
      throw new BookmakerUnavailable(
        `the ${BOOKMAKER_CALLS_PER_MINUTE} bookmaker calls of this minute are spent; try again in ${budget.retryAfterSeconds} s`,
      );
    }
    await limiter.hit({
      key: `${BUDGET_KEY}:${adapter.name}`,
      limit: BOOKMAKER_CALLS_PER_MINUTE,
      windowSeconds: 60,
    });
    let read: CodeRead;
    try {
      read = await adapter.read(code);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.noteCall(adapter.name, reason);
      logger.warn({ bookmaker: adapter.name, reason }, 'the bookmaker could not be read');
      throw error instanceof BookmakerUnavailable ? error : new BookmakerUnavailable(reason);
    }
    const readAt = clock.now();
    await db
      .insert(bookmakerReads)
      .values({ bookmaker: adapter.name, code, readAt, answer: toJson(read) })
      .onConflictDoUpdate({
        target: [bookmakerReads.bookmaker, bookmakerReads.code],
        set: { readAt, answer: toJson(read) },
        // Two processes reading at once: the later read is the one kept.
        setWhere: sql`${bookmakerReads.readAt} <= excluded.read_at`,
      });
    await this.noteCall(adapter.name, null);
    return { read, readAt };
  }

  private async noteCall(bookmaker: string, error: string | null): Promise<void> {
    const lastCallAt = this.deps.clock.now();
    await this.deps.db
      .insert(bookmakerStatus)
      .values({ bookmaker, ok: error === null, lastError: error, lastCallAt })
      .onConflictDoUpdate({
        target: bookmakerStatus.bookmaker,
        // A success keeps the last error on show: the panel says what went wrong last, and when.
        set: { ok: error === null, lastCallAt, ...(error === null ? {} : { lastError: error }) },
      });
  }

  /** The status panel's lines (GET /api/admin/bookmakers/status), one per checked bookmaker. */
  async status(): Promise<BookmakerStatus[]> {
    const rows = await this.deps.db.select().from(bookmakerStatus);
    const byName = new Map(rows.map((row) => [row.bookmaker, row]));
    return Promise.all(
      [...this.deps.adapters.values()].map(async (adapter) => {
        const row = byName.get(adapter.name);
        const calls = await this.deps.limiter.peek(`${BUDGET_KEY}:${adapter.name}`);
        return {
          name: adapter.name,
          label: adapter.label,
          ok: row?.ok ?? true,
          lastError: row?.lastError ?? null,
          lastCallAt: row?.lastCallAt.toISOString() ?? null,
          callsLastMinute: calls,
        };
      }),
    );
  }
}

type StoredCode = Omit<BookmakerCode, 'legs'> & {
  legs: (Omit<BookmakerCode['legs'][number], 'kickoff'> & { kickoff: string })[];
};
type StoredAnswer = { kind: 'loaded'; code: StoredCode } | { kind: 'not-loadable'; reason: string };

function toJson(read: CodeRead): StoredAnswer {
  if (read.kind === 'not-loadable') return read;
  return {
    kind: 'loaded',
    code: {
      ...read.code,
      legs: read.code.legs.map((leg) => ({ ...leg, kickoff: leg.kickoff.toISOString() })),
    },
  };
}

function fromJson(value: unknown): CodeRead {
  const answer = value as StoredAnswer;
  if (answer.kind === 'not-loadable') return answer;
  return {
    kind: 'loaded',
    code: {
      ...answer.code,
      legs: answer.code.legs.map((leg) => ({ ...leg, kickoff: new Date(leg.kickoff) })),
    },
  };
}
