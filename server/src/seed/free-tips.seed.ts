import { addLagosDays } from '@cashtips/contract/lagos-time';
import { freeTipInputSchema } from '@cashtips/contract/tips';
import type { Executor } from '../db/client.ts';
import { freeTips } from '../db/schema/index.ts';
import { saveGames } from '../modules/matches/games.ts';
import {
  type DemoCalendar,
  demoCalendar,
  gameInput,
  HISTORY_DAYS,
  likeliestPick,
  settlePlayed,
} from './demo-calendar.ts';

/**
 * Demo free tips over the last 60 days on the demo calendar's real matches. Each pick is made from
 * the matches played before it only (never from its own result), and every tip before today is
 * then settled by the settlement engine from the match's real final score. They are marked demo:
 * their results show on each tip, and count in no record (PRODUCT 15).
 */
const TIPS_PER_DAY = 2;
/** The pick is the likeliest market whose fair odds are at least about 1.4. */
const PICK_RANGE = { min: 0, max: 0.72 };
const HOUR = 3_600_000;

export async function seedFreeTips(
  tx: Executor,
  now = new Date(),
  calendar: DemoCalendar = demoCalendar(now),
): Promise<void> {
  const posted: string[] = [];
  for (let back = HISTORY_DAYS - 1; back >= 0; back--) {
    const day = addLagosDays(calendar.today, -back);
    const picked = calendar
      .on(day)
      .flatMap((fixture) => {
        const pick = likeliestPick(fixture, PICK_RANGE);
        return pick ? [{ fixture, pick }] : [];
      })
      .sort((a, b) => b.pick.probability - a.pick.probability)
      .slice(0, TIPS_PER_DAY);
    for (const { fixture, pick } of picked) {
      const { odds, ...game } = gameInput(fixture, pick);
      const input = freeTipInputSchema.parse({
        ...game,
        totalOdds: odds,
        confidence: Math.round(pick.probability * 100),
      });
      const published = new Date(Math.min(fixture.kickoff.getTime() - 6 * HOUR, now.getTime()));
      const [tip] = await tx
        .insert(freeTips)
        .values({
          totalOdds: input.totalOdds,
          confidence: input.confidence ?? null,
          publishedAt: published,
          demo: true,
          createdAt: published,
          updatedAt: published,
        })
        .returning({ id: freeTips.id });
      if (!tip) throw new Error('demo free tip insert returned no row');
      await saveGames(tx, 'free', tip.id, 'football', [{ ...game, odds: input.totalOdds }], published);
      posted.push(tip.id);
    }
  }
  await settlePlayed(tx, calendar, 'free', posted);
}
