import type { Executor } from '../../db/client.ts';
import { marketOdds } from '../../db/schema/index.ts';
import type { MatchOdds } from './football.service.ts';

/** Stores pre-match prices; an unchanged (match, bookmaker, update time) is kept once. */
export async function storeOdds(db: Executor, rows: MatchOdds[], now: Date): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(marketOdds)
    .values(
      rows.map((row) => ({
        matchId: row.matchId,
        bookmaker: row.bookmaker,
        takenAt: row.updatedAt,
        home: row.home,
        draw: row.draw,
        away: row.away,
        over25: row.over25,
        under25: row.under25,
        readAt: now,
      })),
    )
    .onConflictDoNothing();
}
