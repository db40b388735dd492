import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { matches } from '../src/db/schema/index.ts';
import { seededRandom } from '../src/modules/predictions/model/synthetic.ts';

/**
 * A small league of finished matches drawn from a known model, written straight into the match
 * registry as if imported, for tests and benchmarks of the match model in the product (issue 16).
 */
export interface SyntheticLeague {
  league: string;
  teams: string[];
  /** The Lagos day of the first round. */
  firstDay: string;
  /** Double round-robins played (each team meets each other twice per season). */
  seasons?: number;
  /** Days between rounds. */
  spacingDays?: number;
  seed?: number;
}

function poisson(rate: number, next: () => number): number {
  const limit = Math.exp(-rate);
  let goals = 0;
  let product = next();
  while (product > limit && goals < 10) {
    goals++;
    product *= next();
  }
  return goals;
}

/** Rounds of a round-robin by the circle method: each round every team plays once. */
function roundRobin(count: number): [number, number][][] {
  const order = Array.from({ length: count }, (_, index) => index);
  const rounds: [number, number][][] = [];
  for (let round = 0; round < count - 1; round++) {
    const pairs: [number, number][] = [];
    for (let index = 0; index < count / 2; index++) {
      const a = order[index] as number;
      const b = order[count - 1 - index] as number;
      pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    order.splice(1, 0, order.pop() as number);
  }
  return rounds;
}

/** Writes the league's finished matches (teams listed strongest first); answers how many and the last day. */
export async function seedFinishedLeague(
  db: Database,
  options: SyntheticLeague,
): Promise<{ matches: number; lastDay: string }> {
  const { league, teams, firstDay, seasons = 2, spacingDays = 3, seed = 7 } = options;
  if (teams.length % 2 !== 0) throw new Error('an even number of teams');
  const next = seededRandom(seed);
  const strength = (index: number) => 0.45 - (0.9 * index) / Math.max(1, teams.length - 1);
  const single = roundRobin(teams.length);
  const season = [...single, ...single.map((round) => round.map(([a, b]) => [b, a] as [number, number]))];
  const now = new Date();
  const rows: (typeof matches.$inferInsert)[] = [];
  let day = firstDay;
  for (let played = 0; played < seasons; played++) {
    for (const round of season) {
      for (const [home, away] of round) {
        const kickoff = new Date(`${day}T14:00:00Z`);
        rows.push({
          sport: 'football',
          league,
          homeTeam: teams[home] as string,
          awayTeam: teams[away] as string,
          kickoff,
          matchDay: lagosDay(kickoff),
          homeGoals: poisson(Math.exp(0.15 + 0.25 + strength(home) - strength(away)), next),
          awayGoals: poisson(Math.exp(0.15 + strength(away) - strength(home)), next),
          status: 'finished',
          resultAt: now,
          source: 'import',
          season: `${firstDay.slice(0, 4)}-${String((Number(firstDay.slice(0, 4)) + 1) % 100).padStart(2, '0')}`,
          createdAt: now,
          updatedAt: now,
        });
      }
      day = addLagosDays(day, spacingDays);
    }
  }
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(matches).values(rows.slice(start, start + 1000));
  }
  return { matches: rows.length, lastDay: addLagosDays(day, -spacingDays) };
}

/** A scheduled fixture, as an admin registers it; answers its id. */
export async function registerFixture(
  db: Database,
  fixture: { league: string; home: string; away: string; kickoff: Date; sport?: string },
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(matches)
    .values({
      sport: fixture.sport ?? 'football',
      league: fixture.league,
      homeTeam: fixture.home,
      awayTeam: fixture.away,
      kickoff: fixture.kickoff,
      matchDay: lagosDay(fixture.kickoff),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('fixture insert returned no row');
  return row.id;
}

/** Waits until `check` answers true (the job queue runs in the background). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function countRows(db: Database, table: 'model_fits' | 'match_predictions'): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
