import {
  type AdminBookingCode,
  type BookingCode,
  bookmakerUrl,
  type CodeVerificationView,
} from '@cashtips/contract/booking-codes';
import { koboToNaira } from '@cashtips/contract/money';
import type { bookingCodes } from '../../db/schema/index.ts';
import type { GameRow } from '../matches/games.ts';

/**
 * The masking rule, in one place: every route, socket event and notification that mentions a
 * booking code builds it here. Only a buyer or an admin gets the code itself and the picks.
 */
export type BookingCodeRow = typeof bookingCodes.$inferSelect & { games: GameRow[] };

const MASK = '••••••';

/** What every viewer may see of a code's check at its bookmaker (see CodeVerification). */
function verificationView(stored: unknown): CodeVerificationView | null {
  if (stored === null || typeof stored !== 'object') return null;
  const { checkedAt, bookmakerTotalOdds } = stored as { checkedAt?: unknown; bookmakerTotalOdds?: unknown };
  if (typeof checkedAt !== 'string') return null;
  return {
    status: 'verified',
    checkedAt,
    bookmakerTotalOdds: typeof bookmakerTotalOdds === 'number' ? bookmakerTotalOdds : null,
  };
}

export function maskCode(code: string): string {
  return `${code.slice(0, 3)}${MASK}`;
}

/** Slots buyers may still take under the code's limit; null without one. */
export function slotsLeft(row: Pick<BookingCodeRow, 'buyerCount' | 'slotLimit'>): number | null {
  return row.slotLimit === null ? null : Math.max(0, row.slotLimit - row.buyerCount);
}

export interface Viewing {
  /** The viewer bought it (purchaseTime set) or is an admin. */
  revealed: boolean;
  purchaseTime: Date | null;
  /** Won share of settled codes in the category, percent; null ('New') below the minimum sample. */
  successRate: number | null;
}

export function toBookingCodeView(row: BookingCodeRow, viewing: Viewing): BookingCode {
  const code = viewing.revealed ? row.code : maskCode(row.code);
  const first = row.games[0];
  return {
    _id: row.id,
    bookingCode: code,
    code,
    alreadyPurchased: viewing.purchaseTime !== null,
    purchaseTime: viewing.purchaseTime?.toISOString() ?? null,
    totalOdds: row.totalOdds,
    odds: row.totalOdds,
    price: koboToNaira(row.priceKobo),
    category: row.category,
    urgency: row.urgency,
    urgencyTag: row.urgencyTag,
    confidence: row.confidence,
    successRate: viewing.successRate,
    bookmaker: row.bookmaker,
    bookmakerUrl: bookmakerUrl(row.bookmaker),
    // When and at what total: never the legs, whose picks are what a buyer pays for.
    verification: verificationView(row.verification),
    expiresAt: row.expiresAt.toISOString(),
    postedAt: row.postedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    moneyBack: row.moneyBack,
    demo: row.demo,
    adminNote: row.adminNote,
    slotLimit: row.slotLimit,
    slotsLeft: slotsLeft(row),
    soldOut: slotsLeft(row) === 0,
    // The real buyers, never more (PRODUCT 15: no popularity claim without data).
    buyerCount: row.buyerCount,
    result: row.result,
    teamA: first?.teamA ?? '',
    teamB: first?.teamB ?? '',
    league: first?.league ?? '',
    kickoff: (first?.kickoff ?? row.expiresAt).toISOString(),
    games: row.games.map((game) => ({
      teamA: game.teamA,
      teamB: game.teamB,
      league: game.league,
      kickoff: game.kickoff.toISOString(),
      prediction: viewing.revealed ? game.prediction : null,
      odds: viewing.revealed ? game.odds : null,
      score: game.score,
      outcome: viewing.revealed ? game.outcome : null,
      matchId: game.matchId,
      live: game.live,
    })),
  };
}

export function toAdminBookingCodeView(
  row: BookingCodeRow,
  extra: { successRate: number | null; revenueKobo: bigint },
): AdminBookingCode {
  return {
    ...toBookingCodeView(row, { revealed: true, purchaseTime: null, successRate: extra.successRate }),
    realBuyerCount: row.buyerCount,
    revenue: koboToNaira(extra.revenueKobo),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
