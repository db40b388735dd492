import { z } from 'zod';
import { committedAnswerSchema } from './errors.ts';
import { gameLiveFields } from './football.ts';
import { gameInputFields, modelProbabilitySchema, outcomes, scoreSchema } from './matches.ts';
import {
  codeCategories,
  codeResults,
  codeSorts,
  MIN_BOOKING_CODE_LENGTH,
  urgencies,
} from './plain/booking-codes.ts';
import { pageInfoSchema, walletTypes } from './wallet.ts';

export * from './plain/booking-codes.ts';

export const bookingCodeGameSchema = z.object({
  teamA: z.string(),
  teamB: z.string(),
  league: z.string(),
  kickoff: z.string(),
  /** Only for buyers and admins: the pick is part of what is sold. */
  prediction: z.string().nullable(),
  odds: z.number().nullable(),
  /** The match's final score once recorded (public). */
  score: scoreSchema.nullable(),
  /** The game's own result; only for buyers and admins (with the score it would tell the pick). */
  outcome: z.enum(outcomes).nullable(),
  ...gameLiveFields,
});
export type BookingCodeGame = z.infer<typeof bookingCodeGameSchema>;

/**
 * A booking code as a user sees it. `bookingCode` (and its alias `code`) is the full code only for
 * its buyers and admins; everyone else gets the first 3 characters and dots.
 */
export const codeVerificationSchema = z.object({
  status: z.enum(['verified']),
  checkedAt: z.string(),
  bookmakerTotalOdds: z.number().nullable(),
});
export type CodeVerificationView = z.infer<typeof codeVerificationSchema>;

export const bookingCodeSchema = z.object({
  _id: z.string(),
  bookingCode: z.string(),
  code: z.string(),
  alreadyPurchased: z.boolean(),
  purchaseTime: z.string().nullable(),
  totalOdds: z.number(),
  odds: z.number(),
  price: z.number(),
  category: z.enum(codeCategories),
  urgency: z.enum(urgencies),
  urgencyTag: z.string().nullable(),
  confidence: z.number(),
  /** Won ÷ settled codes of its category, one decimal; null ('New') until 5 are settled. */
  successRate: z.number().nullable(),
  bookmaker: z.string(),
  bookmakerUrl: z.string().nullable(),
  /**
   * The code as read at its bookmaker when it was posted (PRODUCT 16): verified, when, and the
   * bookmaker's total odds then; null for a bookmaker the product does not read ("unchecked").
   */
  verification: codeVerificationSchema.nullable(),
  expiresAt: z.string(),
  postedAt: z.string(),
  createdAt: z.string(),
  adminNote: z.string().nullable(),
  slotLimit: z.number().nullable(),
  /** Slots buyers may still take; null when there is no limit. */
  slotsLeft: z.number().nullable(),
  /** The server's word on whether the code can still be sold to anyone: screens never recompute it. */
  soldOut: z.boolean(),
  /** The real number of buyers: nothing is ever added to it (PRODUCT 15). */
  buyerCount: z.number(),
  result: z.enum(codeResults),
  teamA: z.string(),
  teamB: z.string(),
  league: z.string(),
  kickoff: z.string(),
  games: z.array(bookingCodeGameSchema),
  /** Sold with money back: its buyers are refunded if it settles lost or void (PRODUCT 11). */
  moneyBack: z.boolean(),
  /**
   * Made by the demo seeding (PRODUCT 15): listed as any other, shown with a "Demo" badge, and never
   * counted in a record, a success rate or a landing figure.
   */
  demo: z.boolean(),
});
export type BookingCode = z.infer<typeof bookingCodeSchema>;

export const bookingCodeListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(100, 'limit is at most 100')
    .default(20),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  category: z.enum(codeCategories, { error: 'Unknown category.' }).optional(),
  minConfidence: z.coerce.number().int().min(0).max(100).optional(),
  maxPrice: z.coerce.number().min(0).max(10_000_000).optional(),
  search: z.string().trim().max(100, 'Search at most 100 characters.').optional(),
  sort: z.enum(codeSorts, { error: 'Sort by confidence, price, expiry or newest.' }).default('newest'),
  /** Only codes sold with money back. */
  moneyBack: z
    .enum(['0', '1', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .optional(),
  /** Include expired and settled codes (the full page shows them greyed out). */
  includeExpired: z
    .enum(['0', '1', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});
export type BookingCodeListQuery = z.input<typeof bookingCodeListQuerySchema>;

/** The list is an array (as the spec's client reads it); page figures travel in X-Total-Count and X-Total-Pages. */
export const bookingCodeListResponseSchema = z.array(bookingCodeSchema);

export const bookingCodeResponseSchema = z.object({ success: z.literal(true), code: bookingCodeSchema });
export type BookingCodeResponse = z.infer<typeof bookingCodeResponseSchema>;

export const purchaseRequestSchema = z.strictObject({
  walletType: z.enum(walletTypes, { error: 'Choose the main or the bonus wallet.' }).default('main'),
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const purchaseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  code: bookingCodeSchema,
  mainWallet: z.number(),
  bonusWallet: z.number(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;
/** The purchase's answer; only the sentence when the code's view could not be built after the money moved. */
export const purchaseResultSchema = z.union([purchaseResponseSchema, committedAnswerSchema]);
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const purchasedCodeSchema = z.object({
  _id: z.string(),
  codeId: z.string(),
  createdAt: z.string(),
  walletType: z.enum(walletTypes),
  pricePaid: z.number(),
  code: bookingCodeSchema,
});
export type PurchasedCode = z.infer<typeof purchasedCodeSchema>;
export const purchasedCodesResponseSchema = z.array(purchasedCodeSchema);

/**
 * My Codes figures over every purchase the user made, including those removed from the list
 * (removing a card does not undo the purchase).
 */
export const purchaseSummarySchema = z.object({
  success: z.literal(true),
  bought: z.number(),
  spent: z.number(),
  active: z.number(),
  expired: z.number(),
  won: z.number(),
  lost: z.number(),
});
export type PurchaseSummary = z.infer<typeof purchaseSummarySchema>;

// --- Admin -------------------------------------------------------------------------------------

const gameInputSchema = z.strictObject({
  ...gameInputFields,
  prediction: z.string().trim().max(120).optional(),
  odds: z.number().min(1).max(1000).optional(),
  modelProbability: modelProbabilitySchema,
});

const bookingCodeFields = {
  bookingCode: z
    .string({ error: 'The booking code is required.' })
    .trim()
    .toUpperCase()
    .regex(
      new RegExp(`^[A-Z0-9-]{${MIN_BOOKING_CODE_LENGTH},40}$`),
      `A booking code is ${MIN_BOOKING_CODE_LENGTH} to 40 letters, digits or dashes.`,
    ),
  category: z.enum(codeCategories),
  bookmaker: z.string().trim().min(2, 'The bookmaker is required.').max(40),
  totalOdds: z.number({ error: 'Total odds are required.' }).min(1.01, 'Odds start at 1.01.').max(1_000_000),
  price: z.number({ error: 'The price is required.' }).int('Prices are whole naira.').min(0).max(1_000_000),
  confidence: z.number().int().min(0).max(100),
  urgency: z.enum(urgencies),
  urgencyTag: z.string().trim().max(40).optional(),
  adminNote: z.string().trim().max(1000).optional(),
  slotLimit: z.number().int().min(1).max(100_000).nullable().optional(),
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time.' }),
  games: z.array(gameInputSchema).min(1, 'Add at least one game.').max(50),
  moneyBack: z.boolean(),
};

export const bookingCodeInputSchema = z.strictObject({
  ...bookingCodeFields,
  category: bookingCodeFields.category.default('football'),
  confidence: bookingCodeFields.confidence.default(85),
  urgency: bookingCodeFields.urgency.default('medium'),
  moneyBack: bookingCodeFields.moneyBack.default(false),
});
export type BookingCodeInput = z.input<typeof bookingCodeInputSchema>;
/**
 * An edit changes only the fields it sends. No defaults here: a partial of the input schema keeps
 * them, and every edit silently reset the category, confidence and urgency.
 */
export const bookingCodeUpdateSchema = z.strictObject(bookingCodeFields).partial();

export const adminBookingCodeSchema = bookingCodeSchema.extend({
  realBuyerCount: z.number(),
  revenue: z.number(),
  settledAt: z.string().nullable(),
});
export type AdminBookingCode = z.infer<typeof adminBookingCodeSchema>;

export const adminBookingCodesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  category: z.enum(codeCategories).optional(),
  result: z.enum(codeResults).optional(),
  status: z.enum(['active', 'expired']).optional(),
  q: z.string().trim().max(100).optional(),
});
export const adminBookingCodesResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  codes: z.array(adminBookingCodeSchema),
});
export type AdminBookingCodesResponse = z.infer<typeof adminBookingCodesResponseSchema>;
export const adminBookingCodeResponseSchema = z.object({
  success: z.literal(true),
  code: adminBookingCodeSchema,
});
export type AdminBookingCodeResponse = z.infer<typeof adminBookingCodeResponseSchema>;

export const settleRequestSchema = z.strictObject({
  result: z.enum(['won', 'lost', 'void'], { error: 'The result is won, lost or void.' }),
  /** Needed to change a result already settled (PRODUCT 6b); kept in the audit log. */
  reason: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .max(500, 'Keep the reason under 500 characters.')
    .optional()
    .transform((value) => value || undefined),
});
export type SettleRequest = z.input<typeof settleRequestSchema>;
export const settleMessages = {
  reasonRequired: 'This result is already settled; give a reason to change it.',
  unchanged: 'The result was already recorded; nothing changed.',
} as const;

export const codeBuyerSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  walletType: z.enum(walletTypes),
  pricePaid: z.number(),
  purchasedAt: z.string(),
});
export const codeBuyersResponseSchema = z.object({
  success: z.literal(true),
  buyers: z.array(codeBuyerSchema),
});
export type CodeBuyersResponse = z.infer<typeof codeBuyersResponseSchema>;
