import { lagosDay } from '@cashtips/contract/lagos-time';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appMeta, matches } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ImportMatch } from './openfootball.ts';

/** Rows per INSERT: 13 values each stays far below PostgreSQL's 65,535 parameters, and each statement short. */
const BATCH = 1000;
const MARKER_KEY = 'model_data_imported';

export interface ImportOutcome {
  /** Finished matches read. */
  read: number;
  /** New rows in the registry. */
  inserted: number;
  /** Fixtures already registered (imported before, or typed by an admin): left as they were. */
  skipped: number;
}

interface ImportMarker {
  fromSeason: string;
  read: number;
  inserted: number;
  at: string;
}

const fixtureKey = (match: ImportMatch, day: string) =>
  `${match.home.toLowerCase()}\u0000${match.away.toLowerCase()}\u0000${day}`;

/**
 * Finished matches into the match registry (`source: 'import'`), idempotently: a fixture already
 * registered (same sport, teams case-insensitively and Lagos day) is left alone — an admin's row, and
 * the score an admin recorded on it, always win — so importing the same files again adds nothing.
 */
export class PredictionImportService {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  async importMatches(list: readonly ImportMatch[]): Promise<ImportOutcome> {
    const now = this.deps.clock.now();
    const unique = new Map<string, ImportMatch & { day: string }>();
    for (const match of list) {
      const day = lagosDay(match.kickoff);
      const key = fixtureKey(match, day);
      if (!unique.has(key)) unique.set(key, { ...match, day });
    }
    const rows = [...unique.values()];
    let inserted = 0;
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const written = await this.deps.db
        .insert(matches)
        .values(
          batch.map((match) => ({
            sport: 'football',
            league: match.league,
            homeTeam: match.home,
            awayTeam: match.away,
            kickoff: match.kickoff,
            matchDay: match.day,
            homeGoals: match.homeGoals,
            awayGoals: match.awayGoals,
            status: 'finished' as const,
            resultAt: now,
            source: 'import' as const,
            season: match.season,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: matches.id });
      inserted += written.length;
    }
    return { read: list.length, inserted, skipped: list.length - inserted };
  }

  /** Whether the bundled data was imported from `fromSeason` (or an earlier season) already. */
  async bundledImportDone(fromSeason: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, MARKER_KEY));
    const marker = row?.value as Partial<ImportMarker> | undefined;
    return typeof marker?.fromSeason === 'string' && marker.fromSeason <= fromSeason;
  }

  /** Imports the bundled data once; a second call (any process) finds the marker and does nothing. */
  async importBundledOnce(
    fromSeason: string,
    read: (fromSeason: string) => ImportMatch[] | Promise<ImportMatch[]>,
  ): Promise<ImportOutcome | undefined> {
    if (await this.bundledImportDone(fromSeason)) return undefined;
    const outcome = await this.importMatches(await read(fromSeason));
    await this.markBundledImported(fromSeason, outcome);
    return outcome;
  }

  /** Records that the bundled data from `fromSeason` on is in the registry (the start-up import then skips it). */
  async markBundledImported(fromSeason: string, outcome: ImportOutcome): Promise<void> {
    const now = this.deps.clock.now();
    const marker: ImportMarker = {
      fromSeason,
      read: outcome.read,
      inserted: outcome.inserted,
      at: now.toISOString(),
    };
    await this.deps.db
      .insert(appMeta)
      .values({ key: MARKER_KEY, value: marker, updatedAt: now })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: marker, updatedAt: now } });
  }
}
