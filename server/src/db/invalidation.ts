import type { FastifyBaseLogger as Logger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';
import type { Notify } from './notify-batch.ts';

/**
 * What a process may remember about a row that another process can change (a session, a user's
 * subscriptions), and how it forgets it in time (decision 008).
 *
 * A change is published under a topic ('session', 'user') with the keys it touched. It is
 * forgotten in this process at once, and in every other process through PostgreSQL LISTEN/NOTIFY:
 * `publish()` resolves once PostgreSQL has queued the notification, so a caller that awaits it
 * before answering knows every other process hears of the change within a few milliseconds.
 * While the LISTEN connection is down nothing is served from memory (a notification may be lost),
 * and every cache is emptied whenever it connects again.
 */
export interface Invalidation {
  /** Whether remembered values may be served: the feed is connected (always, on the embedded database). */
  readonly live: boolean;
  /** Caches listening to a topic forget the published keys; every cache is cleared on reconnection. */
  register(topic: InvalidationTopic, cache: Forgetful): void;
  /** Forget these keys here now, and in every other process. */
  publish(topic: InvalidationTopic, keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * 'session': a session ended (keys: session ids). 'user': a user's role or subscriptions changed
 * (keys: user ids). 'dashboard': a user's dashboard figures changed (keys: user ids, or `*` for
 * everyone's: a booking code was settled or edited). 'model': a league's match model was refitted
 * (keys: league keys).
 */
export const invalidationTopics = ['session', 'user', 'dashboard', 'model'] as const;
export type InvalidationTopic = (typeof invalidationTopics)[number];
const isTopic = (topic: unknown): topic is InvalidationTopic =>
  invalidationTopics.includes(topic as InvalidationTopic);

/** Published as a key, forgets every key of the topic (a change that touches everyone's values). */
export const EVERY_KEY = '*';

export interface Forgetful {
  forget(key: string): void;
  clear(): void;
}

const CHANNEL = 'cashtips_invalidate';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

interface Message {
  topic: InvalidationTopic;
  keys: string[];
}

function payloads(topic: InvalidationTopic, keys: readonly string[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  for (const key of keys) {
    if (batch.length && size + key.length + 3 > MAX_PAYLOAD) {
      out.push(JSON.stringify({ topic, keys: batch } satisfies Message));
      batch = [];
      size = 0;
    }
    batch.push(key);
    size += key.length + 3;
  }
  if (batch.length) out.push(JSON.stringify({ topic, keys: batch } satisfies Message));
  return out;
}

function parseMessage(payload: string | undefined): Message | undefined {
  try {
    const message = JSON.parse(payload ?? '') as Partial<Message>;
    if (isTopic(message.topic) && Array.isArray(message.keys)) {
      return { topic: message.topic, keys: message.keys.map(String) };
    }
  } catch {}
  return undefined;
}

function cacheRegistry() {
  const caches = new Map<InvalidationTopic, Forgetful[]>();
  return {
    register(topic: InvalidationTopic, cache: Forgetful) {
      caches.set(topic, [...(caches.get(topic) ?? []), cache]);
    },
    forgetHere(topic: InvalidationTopic, keys: readonly string[]) {
      for (const cache of caches.get(topic) ?? []) for (const key of keys) cache.forget(key);
    },
    clearAll() {
      for (const cache of [...caches.values()].flat()) cache.clear();
    },
  };
}

/** For a process alone on its database (the embedded one, a benchmark's set-up): nobody else to tell. */
export function localInvalidation(): Invalidation {
  const { register, forgetHere } = cacheRegistry();
  return {
    live: true,
    register,
    publish: async (topic, keys) => forgetHere(topic, keys),
    close: async () => {},
  };
}

/** Invalidation across every process on one PostgreSQL, through LISTEN/NOTIFY. */
export function createInvalidation(
  database: DatabaseHandle,
  deps: { notify: Notify; logger: Logger },
): Invalidation {
  if (database.kind === 'embedded') return localInvalidation();
  const { register, forgetHere, clearAll } = cacheRegistry();
  const { notify } = deps;
  const connectionOptions = database.pool.options;
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const dropped = (which: pg.Client) => {
    if (which !== client || closed) return;
    client = undefined;
    live = false;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    // Whatever was published while we were away is unknown: remember nothing from before.
    clearAll();
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ ...connectionOptions });
    client = next;
    // PostgreSQL ending the backend emits 'error' then 'end'; either means the feed is cut.
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    next.on('notification', (message) => {
      const parsed = parseMessage(message.payload);
      if (parsed) forgetHere(parsed.topic, parsed.keys);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      clearAll();
      live = true;
      retryMs = RECONNECT_MIN_MS;
    } catch (error) {
      deps.logger.warn(
        { err: error },
        'cache invalidation feed could not connect; serving from the database',
      );
      dropped(next);
    }
  }
  void connect();

  return {
    get live() {
      return live;
    },
    register,
    async publish(topic, keys) {
      if (!keys.length) return;
      forgetHere(topic, keys);
      try {
        await Promise.all(payloads(topic, keys).map((payload) => notify(CHANNEL, payload)));
      } catch (error) {
        // The change itself is committed; other processes forget it when their feed reconnects
        // (a database that refuses NOTIFY has cut their LISTEN too) or when the entry's time is up.
        deps.logger.warn({ err: error, topic }, 'could not publish a cache invalidation');
      }
    },
    async close() {
      closed = true;
      live = false;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Values read from the database, remembered for at most `ttlMs` and forgotten when any process
 * publishes their key (see Invalidation). A read that was under way when its key was forgotten
 * answers its caller but is not remembered, so a change can never be overwritten by an older read.
 */
export class SharedCache<Value> implements Forgetful {
  private readonly entries = new Map<string, { value: Value; storedAt: number }>();
  /** Reads in flight per key; forgetting the key marks them stale. */
  private readonly reads = new Map<string, Set<{ stale: boolean }>>();

  constructor(
    private readonly invalidation: Invalidation,
    topic: InvalidationTopic,
    private readonly options: { maxEntries: number; ttlMs: number },
  ) {
    invalidation.register(topic, this);
  }

  async get(key: string, load: () => Promise<Value>): Promise<Value> {
    const now = Date.now();
    if (this.invalidation.live) {
      const entry = this.entries.get(key);
      if (entry && now - entry.storedAt < this.options.ttlMs) return entry.value;
    }
    const read = { stale: false };
    const reads = this.reads.get(key) ?? new Set();
    this.reads.set(key, reads);
    reads.add(read);
    try {
      const value = await load();
      if (!read.stale && this.invalidation.live) this.store(key, value, now);
      return value;
    } finally {
      reads.delete(read);
      if (!reads.size) this.reads.delete(key);
    }
  }

  forget(key: string): void {
    if (key === EVERY_KEY) {
      this.clear();
      return;
    }
    this.entries.delete(key);
    for (const read of this.reads.get(key) ?? []) read.stale = true;
  }

  clear(): void {
    this.entries.clear();
    for (const reads of this.reads.values()) for (const read of reads) read.stale = true;
  }

  private store(key: string, value: Value, storedAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      // The oldest stored goes first (a Map keeps insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt });
  }
}
