import { lagosDay, lagosDaysBetween } from '@cashtips/contract/lagos-time';
import { koboToNaira } from '@cashtips/contract/money';
import type {
  AdminRolloverPlan,
  AdminRolloverTip,
  RolloverPlan,
  RolloverSubscription,
  RolloverTip,
} from '@cashtips/contract/rollover';
import { successRate } from '@cashtips/contract/success-rate';
import type { rolloverPlans, rolloverSubscriptions, rolloverTips } from '../../db/schema/index.ts';
import type { GameRow } from '../matches/games.ts';

/**
 * What leaves the server about rollover plans, subscriptions and tips, in one place. The lock rule
 * of PRODUCT 6a lives here: every route, socket event and message that shows a rollover tip builds
 * it with `toRolloverTipView`, which gives a viewer without access teams, leagues, kickoffs, the game
 * count, total odds and confidence, and nothing that was paid for.
 */
export type PlanRow = typeof rolloverPlans.$inferSelect;
export type SubscriptionRow = typeof rolloverSubscriptions.$inferSelect;
export type TipRow = typeof rolloverTips.$inferSelect & { games: GameRow[] };

/** A plan with the figures computed from its subscriptions and settled tips. */
export interface PlanFigures {
  /** Real subscriptions running now: the ones that take slots. */
  activeSubscribers: number;
  won: number;
  lost: number;
}

/** Slots subscribers may still take under the plan's limit; null without one. */
export function planSlotsLeft(plan: PlanRow, figures: PlanFigures): number | null {
  return plan.slotLimit === null ? null : Math.max(0, plan.slotLimit - figures.activeSubscribers);
}

export function toRolloverPlanView(plan: PlanRow, figures: PlanFigures): RolloverPlan {
  return {
    _id: plan.id,
    name: plan.name,
    description: plan.description,
    price: koboToNaira(plan.priceKobo),
    duration: plan.durationDays,
    odds: plan.odds,
    slotLimit: plan.slotLimit,
    postLimit: plan.postLimit,
    active: plan.active,
    // The real subscribers, never more (PRODUCT 15: no popularity claim without data).
    subscriberCount: figures.activeSubscribers,
    slotsLeft: planSlotsLeft(plan, figures),
    successRate: successRate(figures.won, figures.lost),
    settledTips: figures.won + figures.lost,
    demo: plan.demo,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export function toAdminRolloverPlanView(
  plan: PlanRow,
  figures: PlanFigures & { totalSubscriptions: number; revenueKobo: bigint },
): AdminRolloverPlan {
  return {
    ...toRolloverPlanView(plan, figures),
    activeSubscribers: figures.activeSubscribers,
    totalSubscriptions: figures.totalSubscriptions,
    revenue: koboToNaira(figures.revenueKobo),
    wonTips: figures.won,
    lostTips: figures.lost,
  };
}

export function toSubscriptionView(
  subscription: SubscriptionRow,
  plan: Pick<PlanRow, 'name' | 'odds' | 'demo'>,
  now: Date,
): RolloverSubscription {
  const active = now < subscription.expiresAt;
  const elapsed = lagosDaysBetween(subscription.startDay, lagosDay(now));
  const currentDay = Math.min(subscription.durationDays, Math.max(1, elapsed + 1));
  return {
    _id: subscription.id,
    planId: subscription.planId,
    planName: plan.name,
    odds: plan.odds,
    duration: subscription.durationDays,
    currentDay,
    daysLeft: active ? subscription.durationDays - currentDay + 1 : 0,
    startDate: subscription.startedAt.toISOString(),
    expiresAt: subscription.expiresAt.toISOString(),
    status: active ? 'active' : 'expired',
    pricePaid: koboToNaira(subscription.priceKobo),
    walletType: subscription.walletType,
    demo: plan.demo,
  };
}

/** Who is looking at a tip: an admin sees everything; a user what their subscriptions paid for. */
export interface TipViewer {
  isAdmin: boolean;
  /** Plans the viewer holds a running subscription to. */
  activePlanIds: ReadonlySet<string>;
  /** Per plan, the Lagos days the viewer's subscriptions (running or past) covered. */
  coveredDays: ReadonlyArray<{ planId: string; firstDay: string; lastDay: string }>;
}

export const nobody: TipViewer = { isAdmin: false, activePlanIds: new Set(), coveredDays: [] };

/**
 * The lock rule: a tip is open to an admin, to a subscriber of its plan whose subscription is
 * running, and to whoever's subscription covered the tip's day (they paid for that day).
 */
export function tipUnlockedFor(viewer: TipViewer, tip: Pick<TipRow, 'planId' | 'day'>): boolean {
  if (viewer.isAdmin || viewer.activePlanIds.has(tip.planId)) return true;
  return viewer.coveredDays.some(
    (covered) => covered.planId === tip.planId && covered.firstDay <= tip.day && tip.day <= covered.lastDay,
  );
}

export function toRolloverTipView(
  tip: TipRow,
  plan: PlanRow,
  figures: PlanFigures,
  viewer: TipViewer,
): RolloverTip {
  const open = tipUnlockedFor(viewer, tip);
  return {
    _id: tip.id,
    planId: tip.planId,
    planName: plan.name,
    plan: {
      _id: plan.id,
      name: plan.name,
      odds: plan.odds,
      slotLimit: plan.slotLimit,
      subscriberCount: figures.activeSubscribers,
      slotsLeft: planSlotsLeft(plan, figures),
    },
    day: tip.day,
    games: tip.games.map((game) => ({
      teamA: game.teamA,
      teamB: game.teamB,
      league: game.league,
      kickoff: game.kickoff.toISOString(),
      prediction: open ? game.prediction : null,
      odds: open ? game.odds : null,
      bookmaker: open ? game.bookmaker : null,
      score: game.score,
      outcome: open ? game.outcome : null,
      matchId: game.matchId,
      live: game.live,
    })),
    gameCount: tip.games.length,
    bookingCode: open ? tip.bookingCode : null,
    code: open ? tip.bookingCode : null,
    bookmaker: open ? tip.bookmaker : null,
    totalOdds: tip.totalOdds,
    odds: tip.totalOdds,
    expiresAt: tip.expiresAt?.toISOString() ?? null,
    note: open ? tip.note : null,
    confidence: tip.confidence,
    result: tip.result,
    locked: !open,
    demo: tip.demo,
    createdAt: tip.createdAt.toISOString(),
  };
}

export function toAdminRolloverTipView(tip: TipRow, plan: PlanRow, figures: PlanFigures): AdminRolloverTip {
  return {
    ...toRolloverTipView(tip, plan, figures, { ...nobody, isAdmin: true }),
    settledAt: tip.settledAt?.toISOString() ?? null,
    updatedAt: tip.updatedAt.toISOString(),
  };
}
