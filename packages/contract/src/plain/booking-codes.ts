import { ownValue } from './own.ts';

/** Texts of the booking-code screens (spec part 2); exact strings are requirements. */
export const codeMessages = {
  loginToPurchase: 'Please login to purchase',
  purchaseFailed: 'Purchase failed',
  purchaseSuccess: 'Booking code purchased! The full code is now unlocked.',
  insufficientBalance: (wallet: 'main' | 'bonus') => `Insufficient balance in ${wallet} wallet`,
  alreadyPurchased: 'You have already purchased this booking code.',
  soldOut: 'This booking code is sold out.',
  expired: 'This booking code has expired and can no longer be bought.',
  /** Its result is in (won, lost or void): it is no longer on sale, whatever its expiry. */
  settled: 'This booking code is settled and can no longer be bought.',
  changedDuringPurchase: 'This booking code changed while you were buying it. Please try again.',
  notFound: 'Code Not Found',
  detailLoadFailed: 'Failed to load booking code details',
  myCodesLoadFailed: 'Failed to load your codes',
  bookingLoadFailed: 'Failed to load code details',
  copyLocked: 'Purchase this code to copy it',
  copiedMasked: 'Masked code copied (purchase to see full code)',
  copied: 'Booking code copied to clipboard!',
  removeConfirm: 'Are you sure you want to remove this code from your purchased list?',
  removed: 'Code removed from your purchased list.',
  noPremiumCodes: 'No premium codes available',
} as const;

export const codeCategories = ['football', 'basketball', 'tennis', 'cricket'] as const;
export type CodeCategory = (typeof codeCategories)[number];
export const codeCategoryLabels: Record<CodeCategory, string> = {
  football: 'Football',
  basketball: 'Basketball',
  tennis: 'Tennis',
  cricket: 'Cricket',
};

export const urgencies = ['high', 'medium', 'low'] as const;
export type Urgency = (typeof urgencies)[number];
/** Card badge (spec: high is Hot, medium is Live, low is Stable). */
export const urgencyLabels: Record<Urgency, string> = { high: 'Hot', medium: 'Live', low: 'Stable' };

export const codeResults = ['pending', 'won', 'lost', 'void'] as const;
export type CodeResult = (typeof codeResults)[number];

export const codeSorts = ['confidence', 'price', 'expiry', 'newest'] as const;
export type CodeSort = (typeof codeSorts)[number];

/** Filter limits of the list screen (spec part 2 section 5). */
export const CODE_FILTERS = {
  minConfidence: { min: 50, max: 100, default: 50 },
  maxPrice: { min: 100, max: 5000, step: 100, default: 5000 },
} as const;
/** Unbought codes show their first 3 characters; a code of at least 6 keeps at least half of it hidden. */
export const MIN_BOOKING_CODE_LENGTH = 6;
export const DEFAULT_CONFIDENCE = 85;
export const COUNTDOWN_RED_BELOW_MS = 30 * 60_000;

/** Spec colours: 90+ green, 80+ yellow, 70+ orange, else red. */
export function confidenceTone(confidence: number): 'green' | 'yellow' | 'orange' | 'red' {
  if (confidence >= 90) return 'green';
  if (confidence >= 80) return 'yellow';
  if (confidence >= 70) return 'orange';
  return 'red';
}

/** Spec odds badge tiers: up to 1.5, up to 2.5, up to 5, above 5. */
export function oddsTier(odds: number): 'safe' | 'moderate' | 'bold' | 'long-shot' {
  if (odds <= 1.5) return 'safe';
  if (odds <= 2.5) return 'moderate';
  if (odds <= 5) return 'bold';
  return 'long-shot';
}

/** The bookmakers' own sites, for the link on a code; an unknown bookmaker gets no link. */
export const bookmakerSites: Record<string, string> = {
  sportybet: 'https://www.sportybet.com/ng/',
  bet9ja: 'https://sports.bet9ja.com/',
  '1xbet': 'https://1xbet.ng/',
  betking: 'https://www.betking.com/',
  betway: 'https://www.betway.com.ng/',
  msport: 'https://www.msport.com/ng/',
  nairabet: 'https://www.nairabet.com/',
  merrybet: 'https://www.merrybet.com/',
  bangbet: 'https://www.bangbet.com/ng/',
  '22bet': 'https://22bet.ng/',
};
/** A bookmaker as typed ('SportyBet', ' sporty bet') as a key ('sportybet'). */
export const bookmakerKey = (bookmaker: string): string => bookmaker.trim().toLowerCase().replace(/\s+/g, '');
export const bookmakerUrl = (bookmaker: string): string | null =>
  ownValue(bookmakerSites, bookmakerKey(bookmaker)) ?? null;

/** The list's page figures travel in these response headers (the body is the array the spec's client reads). */
export const PAGE_HEADERS = { total: 'x-total-count', totalPages: 'x-total-pages' } as const;
