import type { BookingCode, PurchasedCode } from '@cashtips/contract/booking-codes';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export const bookingCode = (overrides: Partial<BookingCode> = {}): BookingCode => ({
  _id: 'c1',
  bookingCode: 'SPO•••••',
  code: 'SPO•••••',
  moneyBack: false,
  verification: null,
  demo: false,
  alreadyPurchased: false,
  purchaseTime: null,
  totalOdds: 4.35,
  odds: 4.35,
  price: 1000,
  category: 'football',
  urgency: 'high',
  urgencyTag: null,
  confidence: 92,
  successRate: 78,
  bookmaker: 'SportyBet',
  bookmakerUrl: 'https://www.sportybet.com/ng/',
  expiresAt: inHours(5),
  postedAt: '2026-03-01T08:00:00.000Z',
  createdAt: '2026-03-01T08:00:00.000Z',
  adminNote: null,
  slotLimit: 50,
  slotsLeft: 38,
  soldOut: false,
  buyerCount: 12,
  result: 'pending',
  teamA: 'Arsenal',
  teamB: 'Chelsea',
  league: 'Premier League',
  kickoff: inHours(3),
  games: [
    {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: inHours(3),
      prediction: null,
      odds: null,
      score: null,
      outcome: null,
      matchId: 'match-1',
      live: { status: 'scheduled', minute: null, score: null },
    },
    {
      teamA: 'Enyimba',
      teamB: 'Rivers United',
      league: 'NPFL',
      kickoff: inHours(4),
      prediction: null,
      odds: null,
      score: null,
      outcome: null,
      matchId: 'match-2',
      live: { status: 'scheduled', minute: null, score: null },
    },
  ],
  ...overrides,
});

/** The same code as its buyer sees it. */
export const boughtCode = (overrides: Partial<BookingCode> = {}): BookingCode =>
  bookingCode({
    bookingCode: 'SPORTY123',
    code: 'SPORTY123',
    alreadyPurchased: true,
    purchaseTime: '2026-03-01T09:00:00.000Z',
    games: [
      {
        teamA: 'Arsenal',
        teamB: 'Chelsea',
        league: 'Premier League',
        kickoff: inHours(3),
        prediction: 'Over 1.5',
        odds: 1.45,
        score: null,
        outcome: null,
        matchId: 'match-1',
        live: { status: 'scheduled', minute: null, score: null },
      },
    ],
    ...overrides,
  });

export const purchase = (index: number, overrides: Partial<PurchasedCode> = {}): PurchasedCode => ({
  _id: `p${index}`,
  codeId: `c${index}`,
  createdAt: `2026-03-0${index}T10:00:00.000Z`,
  walletType: 'main',
  pricePaid: 500 * index,
  code: boughtCode({ _id: `c${index}`, bookingCode: `CODE${index}`, totalOdds: index * 1.5 }),
  ...overrides,
});

export const listReply = (codes: BookingCode[], total = codes.length, totalPages = 1) => ({
  body: codes,
  headers: { 'X-Total-Count': String(total), 'X-Total-Pages': String(totalPages) },
});
