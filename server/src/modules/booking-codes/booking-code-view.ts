import { type AdminBookingCode, type BookingCode, bookmakerUrl } from '@cashtips/contract/booking-codes';
import { koboToNaira } from '@cashtips/contract/money';
import type { bookingCodes } from '../../db/schema/index.ts';
import type { GameRow } from '../matches/games.ts';

/**
 * The masking rule, in one place: every route, socket event and notification that mentions a
 * booking code builds it here. Only a buyer or an admin gets the code itself and the picks.
 */
export type BookingCodeRow = typeof bookingCodes.$inferSelect & { games: GameRow[] };

const MASK = '••••••';

export function maskCode(code: string): string {
  return `${code.slice(0, 3)}${MASK}`;
}

/** Buyers shown to users: the real ones, plus the configured extra when that is switched on. */
export function displayedBuyerCount(
  row: Pick<BookingCodeRow, 'buyerCount' | 'fakeBuyerEnabled' | 'fakeBuyerCount'>,
) {
  return row.buyerCount + (row.fakeBuyerEnabled ? row.fakeBuyerCount : 0);
}

/** Slots real buyers may still take: fake buyers are shown, never counted against the limit. */
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
    expiresAt: row.expiresAt.toISOString(),
    postedAt: row.postedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    moneyBack: row.moneyBack,
    adminNote: row.adminNote,
    slotLimit: row.slotLimit,
    slotsLeft: slotsLeft(row),
    soldOut: slotsLeft(row) === 0,
    buyerCount: displayedBuyerCount(row),
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
    fakeBuyerEnabled: row.fakeBuyerEnabled,
    fakeBuyerCount: row.fakeBuyerCount,
    realBuyerCount: row.buyerCount,
    revenue: koboToNaira(extra.revenueKobo),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
