import { addLagosDays, type LagosDay } from '@cashtips/contract/lagos-time';
import { slipOdds } from '@cashtips/contract/matches';
import { nairaToKobo } from '@cashtips/contract/money';
import { rolloverPlanInputSchema, rolloverTipInputSchema } from '@cashtips/contract/rollover';
import type { Executor } from '../db/client.ts';
import { rolloverPlans, rolloverTips } from '../db/schema/index.ts';
import { saveGames } from '../modules/matches/games.ts';
import { planValues } from '../modules/rollover/admin-rollover.ts';
import {
  confidenceOf,
  type DemoCalendar,
  type DemoFixture,
  type DemoPick,
  demoCalendar,
  gameInput,
  settlePlayed,
} from './demo-calendar.ts';

/**
 * A plan's `odds` is its daily target (PRODUCT 6a): the rollover calculator compounds it day after
 * day, so each of its tips keeps to it, within this share either way. The admin's form does not
 * enforce it (an admin may post a 1.62 slip on a 1.5 plan); the demo keeps to it.
 */
export const PLAN_ODDS_TOLERANCE = 0.1;
export const withinPlanTarget = (totalOdds: number, target: number) =>
  Math.abs(totalOdds / target - 1) <= PLAN_ODDS_TOLERANCE + 1e-9;

/** A rollover slip is made of picks worth a bet: neither long shots nor near-certainties at 1.05. */
const PICK_RANGE = { min: 0.3, max: 0.85 };
const HOUR = 3_600_000;

interface DemoPlan {
  name: string;
  description: string;
  price: number;
  duration: number;
  odds: number;
  slotLimit: number | null;
  postLimit: number;
  /** Games per tip, in order of preference. */
  gameCounts: number[];
  /** Days before today that have a tip. */
  historyDays: number;
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
    gameCounts: [2, 1, 3],
    historyDays: 6,
  },
  {
    name: '2 Odds Weekly',
    description: 'Two-odds slips every day for a week, for bettors who want faster growth.',
    price: 7500,
    duration: 7,
    odds: 2,
    slotLimit: 50,
    postLimit: 1,
    gameCounts: [3, 2, 4],
    historyDays: 5,
  },
  {
    name: 'Weekend Banker',
    description: 'A low-risk slip a day across a three-day weekend.',
    price: 2000,
    duration: 3,
    odds: 1.3,
    slotLimit: null,
    postLimit: 2,
    gameCounts: [1, 2],
    historyDays: 2,
  },
  {
    name: 'Mega 10+ Odds',
    description: 'One long-odds slip a day. High risk: most runs end early.',
    price: 15000,
    duration: 5,
    odds: 10.5,
    slotLimit: 20,
    postLimit: 1,
    gameCounts: [5, 6, 4, 3],
    historyDays: 3,
  },
];

type Slip = { fixture: DemoFixture; pick: DemoPick }[];

const logDistance = (odds: number, logTarget: number) => Math.abs(Math.log(odds) - logTarget);
const oddsOf = (slip: Slip) => slipOdds(slip.map(({ pick }) => pick.odds));

/** Of a fixture's picks, the one nearest to a log-odds target (the likelier of two as near). */
function nearestPick(picks: DemoPick[], logTarget: number): DemoPick | undefined {
  return [...picks].sort(
    (a, b) =>
      logDistance(a.odds, logTarget) - logDistance(b.odds, logTarget) || b.probability - a.probability,
  )[0];
}

/**
 * A slip of `games` matches whose total odds land on the target: each match's pick nearest the
 * per-game share of the target, the matches whose picks came nearest, then each game given the
 * market of its match that brings the total nearest the target. Null when it cannot land within
 * the plan's tolerance (too few matches that day).
 */
function slipFor(fixtures: DemoFixture[], target: number, games: number): Slip | null {
  const perGame = Math.log(target) / games;
  const candidates = fixtures.flatMap((fixture) => {
    const picks = (fixture.picks ?? []).filter(
      (pick) => pick.probability >= PICK_RANGE.min && pick.probability <= PICK_RANGE.max,
    );
    const pick = nearestPick(picks, perGame);
    return pick ? [{ fixture, picks, pick }] : [];
  });
  if (candidates.length < games) return null;
  const chosen = candidates
    .sort(
      (a, b) =>
        logDistance(a.pick.odds, perGame) - logDistance(b.pick.odds, perGame) ||
        a.fixture.kickoff.getTime() - b.fixture.kickoff.getTime(),
    )
    .slice(0, games);
  // Each game in turn takes the market that brings the total nearest the target, until none moves.
  for (let pass = 0, moved = true; moved && pass < 5; pass++) {
    moved = false;
    for (const game of chosen) {
      const others = chosen.reduce(
        (sum, other) => (other === game ? sum : sum + Math.log(other.pick.odds)),
        0,
      );
      const nearer = nearestPick(game.picks, Math.log(target) - others) ?? game.pick;
      moved ||= nearer !== game.pick;
      game.pick = nearer;
    }
  }
  const slip = chosen
    .map(({ fixture, pick }) => ({ fixture, pick }))
    .sort((a, b) => a.fixture.kickoff.getTime() - b.fixture.kickoff.getTime());
  return withinPlanTarget(oddsOf(slip), target) ? slip : null;
}

/**
 * The plan's slip for one day: of the slips each game count gives, the one nearest the target (the
 * preferred count on a tie). One a day, even where the post limit allows more: My Rollover shows a
 * subscriber one code to copy per plan.
 */
function daySlip(plan: DemoPlan, fixtures: DemoFixture[]): Slip | undefined {
  return plan.gameCounts
    .map((games) => slipFor(fixtures, plan.odds, games))
    .filter((candidate): candidate is Slip => candidate !== null)
    .sort(
      (a, b) => logDistance(oddsOf(a), Math.log(plan.odds)) - logDistance(oddsOf(b), Math.log(plan.odds)),
    )[0];
}

async function postTip(
  tx: Executor,
  planId: string,
  day: LagosDay,
  slip: Slip,
  details: { bookingCode: string; note?: string; postedAt: Date },
): Promise<string> {
  const first = slip[0] as Slip[number];
  const totalOdds = oddsOf(slip);
  const input = rolloverTipInputSchema.parse({
    planId,
    day,
    games: slip.map(({ fixture, pick }) => ({ ...gameInput(fixture, pick), bookmaker: 'SportyBet' })),
    bookingCode: details.bookingCode,
    bookmaker: 'SportyBet',
    totalOdds,
    note: details.note,
    confidence: confidenceOf(slip.map(({ pick }) => pick)),
    // The slip is placed before its first match starts.
    expiresAt: first.fixture.kickoff.toISOString(),
  });
  const [tip] = await tx
    .insert(rolloverTips)
    .values({
      planId,
      day,
      bookingCode: input.bookingCode ?? null,
      bookmaker: input.bookmaker ?? null,
      totalOdds,
      note: input.note ?? null,
      confidence: input.confidence,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      demo: true,
      createdAt: details.postedAt,
      updatedAt: details.postedAt,
    })
    .returning({ id: rolloverTips.id });
  if (!tip) throw new Error('demo tip insert returned no row');
  await saveGames(tx, 'rollover', tip.id, 'football', input.games, details.postedAt);
  return tip.id;
}

/**
 * Plans with today's tips (open to their subscribers) and tips of the days before, on the demo
 * calendar's real matches, settled from their real scores.
 */
export async function seedRolloverPlans(
  tx: Executor,
  now = new Date(),
  calendar: DemoCalendar = demoCalendar(now),
): Promise<void> {
  const { today } = calendar;
  let tipNumber = 0;
  const posted: string[] = [];
  for (const [planIndex, demo] of demoPlans.entries()) {
    const plan = rolloverPlanInputSchema.parse({
      name: demo.name,
      description: demo.description,
      price: demo.price,
      duration: demo.duration,
      odds: demo.odds,
      slotLimit: demo.slotLimit,
      postLimit: demo.postLimit,
    });
    // Most recently updated first in the lists: the first plan above is the newest.
    const updatedAt = new Date(now.getTime() - planIndex * 60_000);
    const [row] = await tx
      .insert(rolloverPlans)
      .values({
        // The admin's create, as the route writes it.
        ...planValues(plan),
        name: plan.name,
        priceKobo: nairaToKobo(plan.price),
        durationDays: plan.duration,
        odds: plan.odds,
        demo: true,
        createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
        updatedAt,
      })
      .returning({ id: rolloverPlans.id });
    if (!row) throw new Error('demo plan insert returned no row');
    for (let back = demo.historyDays; back >= 0; back--) {
      const day = addLagosDays(today, -back);
      const slip = daySlip(demo, calendar.on(day));
      if (slip) {
        tipNumber += 1;
        const firstKickoff = (slip[0] as Slip[number]).fixture.kickoff.getTime();
        posted.push(
          await postTip(tx, row.id, day, slip, {
            bookingCode: `RL${(planIndex + 1) * 1000 + tipNumber}${day.slice(8)}`,
            ...(back === 0 && { note: 'Place the slip before the first kickoff; times are Lagos time.' }),
            // Posted in the morning, or now when the morning is still to come.
            postedAt: new Date(Math.min(firstKickoff - 5 * HOUR, now.getTime())),
          }),
        );
      }
    }
  }
  await settlePlayed(tx, calendar, 'rollover', posted);
}
