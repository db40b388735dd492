const TTL_MS = 2000;
const MAX_ENTRIES = 500;

interface Entry {
  json: string;
  total: number;
  expiresAt: number;
}

/**
 * A public list as every visitor sees it, kept as ready JSON for two seconds per query (booking
 * codes for visitors, free and past tips). A change made by this process (a purchase, an admin
 * edit, a settlement) clears it at once; a change made by another process shows within the two
 * seconds. Concurrent misses for one query share one database read.
 */
export class PublicPageCache<Query> {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();

  async get(query: Query, load: () => Promise<{ items: unknown; total: number }>): Promise<Entry> {
    const key = JSON.stringify(query);
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load()
      .then(({ items, total }) => {
        const entry = { json: JSON.stringify(items), total, expiresAt: Date.now() + TTL_MS };
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, entry);
        return entry;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }
}
