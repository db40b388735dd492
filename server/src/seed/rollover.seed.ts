import { addLagosDays, lagosDay, lagosDayStart } from '@cashtips/contract/lagos-time';
import type { TipResult } from '@cashtips/contract/rollover';
import type { Executor } from '../db/client.ts';
import { rolloverPlans, rolloverTips } from '../db/schema/index.ts';
import { type GameInput, saveGames } from '../modules/matches/games.ts';

/** Real clubs and competitions of the 2025-26 season (shared/data/openfootball). */
type Pick = [teamA: string, teamB: string, league: string, prediction: string, odds: number];

const picks: Pick[] = [
  ['Arsenal', 'Brentford', 'Premier League', 'Home win', 1.3],
  ['Liverpool', 'Burnley', 'Premier League', 'Over 1.5 goals', 1.2],
  ['Manchester City', 'Wolverhampton Wanderers', 'Premier League', 'Home win', 1.25],
  ['Chelsea', 'Sunderland', 'Premier League', 'Home win or draw', 1.15],
  ['Newcastle United', 'Leeds United', 'Premier League', 'Over 1.5 goals', 1.28],
  ['Real Madrid', 'Getafe', 'La Liga', 'Home win', 1.22],
  ['Barcelona', 'Celta Vigo', 'La Liga', 'Over 2.5 goals', 1.45],
  ['Atlético Madrid', 'Osasuna', 'La Liga', 'Home win', 1.4],
  ['Bayern München', 'FC Augsburg', 'Bundesliga', 'Home win', 1.18],
  ['Borussia Dortmund', 'VfL Wolfsburg', 'Bundesliga', 'Both teams to score', 1.6],
  ['Bayer Leverkusen', 'Mainz 05', 'Bundesliga', 'Over 1.5 goals', 1.25],
  ['Inter', 'Cagliari', 'Serie A', 'Home win', 1.3],
  ['Napoli', 'Lecce', 'Serie A', 'Home win', 1.35],
  ['Juventus', 'Parma', 'Serie A', 'Under 3.5 goals', 1.3],
  ['Paris Saint-Germain', 'Le Havre', 'Ligue 1', 'Home win', 1.15],
  ['Olympique de Marseille', 'Angers', 'Ligue 1', 'Over 1.5 goals', 1.3],
  ['AS Monaco', 'FC Lorient', 'Ligue 1', 'Home win', 1.45],
  ['Coventry City', 'Portsmouth', 'Championship', 'Home win or draw', 1.3],
  ['Middlesbrough', 'Oxford United', 'Championship', 'Home win', 1.7],
  ['Sporting CP', 'Club Brugge', 'Champions League', 'Over 1.5 goals', 1.3],
];

interface DemoPlan {
  name: string;
  description: string;
  price: number;
  duration: number;
  odds: number;
  slotLimit: number | null;
  postLimit: number;
  fakeSubscribers?: number;
  /** Games per tip: enough picks to reach about the plan's daily odds. */
  gamesPerTip: number;
  /** Results of the tips of the days before today, oldest first. */
  history: TipResult[];
}

const demoPlans: DemoPlan[] = [
  {
    name: 'Daily 1.5 Odds Rollover',
    description: 'One safe slip a day at about 1.5 odds, rolled over for ten days.',
    price: 5000,
    duration: 10,
    odds: 1.5,
    slotLimit: 100,
    postLimit: 1,
    fakeSubscribers: 38,
    gamesPerTip: 2,
    history: ['won', 'won', 'won', 'lost', 'won', 'won'],
  },
  {
    name: '2 Odds Weekly',
    description: 'Two-odds slips every day for a week, for bettors who want faster growth.',
    price: 7500,
    duration: 7,
    odds: 2,
    slotLimit: 50,
    postLimit: 1,
    gamesPerTip: 3,
    history: ['won', 'lost', 'won', 'won', 'void'],
  },
  {
    name: 'Weekend Banker',
    description: 'Two low-risk slips a day across a three-day weekend.',
    price: 2000,
    duration: 3,
    odds: 1.3,
    slotLimit: null,
    postLimit: 2,
    gamesPerTip: 1,
    history: ['won', 'won'],
  },
  {
    name: 'Mega 10+ Odds',
    description: 'One long-odds slip a day. High risk: most runs end early.',
    price: 15000,
    duration: 5,
    odds: 10.5,
    slotLimit: 20,
    postLimit: 1,
    fakeSubscribers: 9,
    gamesPerTip: 6,
    history: ['lost', 'won', 'lost'],
  },
];

const HOUR = 3_600_000;

function gamesFor(plan: DemoPlan, tipIndex: number, dayStart: Date): GameInput[] {
  return Array.from({ length: plan.gamesPerTip }, (_, gameIndex) => {
    const pick = picks[(tipIndex * 3 + gameIndex * 7) % picks.length] as Pick;
    const [teamA, teamB, league, prediction, odds] = pick;
    return {
      teamA,
      teamB,
      league,
      prediction,
      odds,
      bookmaker: gameIndex % 2 === 0 ? 'SportyBet' : 'Bet9ja',
      // Evening kickoffs in Lagos: 16:00 plus two hours per game.
      kickoff: new Date(dayStart.getTime() + (16 + gameIndex * 2) * HOUR).toISOString(),
    };
  });
}

const totalOdds = (games: GameInput[]) =>
  Math.round(games.reduce((product, game) => product * (game.odds ?? 1), 1) * 100) / 100;

/** Plans with today's tip (open to their subscribers) and settled tips of earlier days. */
export async function seedRolloverPlans(tx: Executor, now = new Date()): Promise<void> {
  const today = lagosDay(now);
  let tipIndex = 0;
  for (const [planIndex, demo] of demoPlans.entries()) {
    // Most recently updated first in the lists: the first plan above is the newest.
    const updatedAt = new Date(now.getTime() - planIndex * 60_000);
    const [plan] = await tx
      .insert(rolloverPlans)
      .values({
        name: demo.name,
        description: demo.description,
        priceKobo: BigInt(demo.price * 100),
        durationDays: demo.duration,
        odds: demo.odds,
        slotLimit: demo.slotLimit,
        postLimit: demo.postLimit,
        fakeSubscriberEnabled: demo.fakeSubscribers !== undefined,
        fakeSubscriberCount: demo.fakeSubscribers ?? 0,
        createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
        updatedAt,
      })
      .returning({ id: rolloverPlans.id });
    if (!plan) throw new Error('demo plan insert returned no row');
    const days = [
      ...demo.history.map((result, index) => ({ result, back: demo.history.length - index })),
      { result: 'pending' as const, back: 0 },
    ];
    for (const { result, back } of days) {
      const day = addLagosDays(today, -back);
      const dayStart = lagosDayStart(day);
      const games = gamesFor(demo, tipIndex, dayStart);
      tipIndex += 1;
      const postedAt = new Date(dayStart.getTime() + 9 * HOUR);
      const [tip] = await tx
        .insert(rolloverTips)
        .values({
          planId: plan.id,
          day,
          bookingCode: `RL${(planIndex + 1) * 1000 + tipIndex}${day.slice(8)}`,
          bookmaker: 'SportyBet',
          totalOdds: totalOdds(games),
          note: back === 0 ? 'Kickoffs are in the evening; place the slip before the first one.' : null,
          confidence: 80 + ((tipIndex * 7) % 15),
          expiresAt: new Date(dayStart.getTime() + 16 * HOUR),
          result,
          settledAt: result === 'pending' ? null : new Date(dayStart.getTime() + 23 * HOUR),
          settledBy: result === 'pending' ? null : 'admin',
          createdAt: back === 0 && postedAt > now ? now : postedAt,
          updatedAt: back === 0 && postedAt > now ? now : postedAt,
        })
        .returning({ id: rolloverTips.id });
      if (!tip) throw new Error('demo tip insert returned no row');
      await saveGames(tx, 'rollover', tip.id, 'football', games, postedAt);
    }
  }
}
