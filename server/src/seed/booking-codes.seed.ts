import { bookingCodeInputSchema, type Urgency } from '@cashtips/contract/booking-codes';
import { addLagosDays, type LagosDay } from '@cashtips/contract/lagos-time';
import { slipOdds } from '@cashtips/contract/matches';
import { nairaToKobo } from '@cashtips/contract/money';
import type { Executor } from '../db/client.ts';
import { bookingCodes } from '../db/schema/index.ts';
import { saveGames } from '../modules/matches/games.ts';
import {
  AHEAD_DAYS,
  confidenceOf,
  type DemoCalendar,
  type DemoFixture,
  type DemoPick,
  demoCalendar,
  gameInput,
  likeliestPick,
  settlePlayed,
} from './demo-calendar.ts';

/** How bold a slip's picks are: the likeliest market of each match no likelier than `max`. */
const styles = {
  safe: { min: 0.5, max: 0.86 },
  balanced: { min: 0.5, max: 0.74 },
  bold: { min: 0.5, max: 0.62 },
} as const;

interface DemoCode {
  bookmaker: string;
  price: number;
  games: number;
  style: keyof typeof styles;
  /**
   * 0 is the first day with matches still to kick off, 1 the next such day, and so on; a negative
   * number is that many days before today (played, settled from the real scores); 'started' is
   * today's matches already under way (past its expiry, not yet settled).
   */
  day: number | 'started';
  urgencyTag?: string;
  slotLimit?: number;
  note?: string;
  /** Sold with money back (PRODUCT 11): refunded to its buyers if it loses or is void. */
  moneyBack?: boolean;
}

const demoCodes: DemoCode[] = [
  {
    bookmaker: 'SportyBet',
    price: 1500,
    games: 3,
    style: 'safe',
    day: 0,
    urgencyTag: 'Closing soon',
    slotLimit: 50,
    note: 'Strong home form in all three; kept to safe goal lines.',
  },
  { bookmaker: 'Bet9ja', price: 2500, games: 4, style: 'balanced', day: 0, slotLimit: 100 },
  {
    bookmaker: 'BetKing',
    price: 1000,
    games: 2,
    style: 'safe',
    day: 0,
    moneyBack: true,
  },
  {
    bookmaker: '1xBet',
    price: 3000,
    games: 5,
    style: 'bold',
    day: 1,
    urgencyTag: 'Big odds',
  },
  { bookmaker: 'Betway', price: 500, games: 2, style: 'safe', day: 1 },
  { bookmaker: 'SportyBet', price: 2000, games: 3, style: 'balanced', day: 1, slotLimit: 30 },
  {
    bookmaker: 'MSport',
    price: 4500,
    games: 6,
    style: 'balanced',
    day: 2,
    urgencyTag: 'Weekend accumulator',
  },
  { bookmaker: 'NairaBet', price: 800, games: 2, style: 'safe', day: 2 },
  { bookmaker: 'Bet9ja', price: 1200, games: 3, style: 'safe', day: 3, slotLimit: 200 },
  { bookmaker: 'BetKing', price: 2000, games: 4, style: 'bold', day: 3, slotLimit: 40 },
  { bookmaker: 'Betway', price: 700, games: 1, style: 'balanced', day: 4 },
  { bookmaker: 'SportyBet', price: 1000, games: 2, style: 'balanced', day: 4 },
  // Played and settled from the real scores: shown with their results, counted in no success rate (demo).
  { bookmaker: 'SportyBet', price: 1500, games: 2, style: 'safe', day: -1 },
  { bookmaker: 'Bet9ja', price: 2000, games: 2, style: 'balanced', day: -1 },
  { bookmaker: 'BetKing', price: 3500, games: 3, style: 'bold', day: -2 },
  { bookmaker: 'SportyBet', price: 1000, games: 2, style: 'safe', day: -3 },
  { bookmaker: 'Bet9ja', price: 1500, games: 1, style: 'balanced', day: -4 },
  { bookmaker: '1xBet', price: 1000, games: 2, style: 'bold', day: -5 },
  // Expired before anyone settled them: shown greyed with "EXPIRED".
  { bookmaker: 'MSport', price: 900, games: 2, style: 'balanced', day: 'started' },
];

const HOUR = 3_600_000;
/** A code is put on sale at least this long before its first kickoff. */
const ON_SALE_BEFORE = 30 * 60_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Booking codes look like the bookmakers' own (e.g. SportyBet BC7K2M9Q); deterministic per position. */
function demoCodeText(index: number): string {
  let value = (index + 7) * 2_654_435_761;
  let text = '';
  for (let position = 0; position < 8; position++) {
    text += CODE_ALPHABET[value % CODE_ALPHABET.length];
    value = Math.floor(value / CODE_ALPHABET.length) + position * 7919;
  }
  return text;
}

/** Urgency as an admin would set it from the time left before the first kickoff. */
function urgencyOf(firstKickoff: Date, now: Date): Urgency {
  const hoursLeft = (firstKickoff.getTime() - now.getTime()) / HOUR;
  if (hoursLeft <= 6) return 'high';
  return hoursLeft <= 30 ? 'medium' : 'low';
}

/** The fixtures a code draws from: its day's matches (still to kick off for a code on sale). */
function fixturesFor(demo: DemoCode, calendar: DemoCalendar, now: Date): DemoFixture[] {
  const { today } = calendar;
  if (demo.day === 'started') return calendar.on(today).filter((fixture) => fixture.kickoff <= now);
  if (demo.day < 0) return calendar.on(addLagosDays(today, demo.day));
  const onSale = (day: LagosDay) =>
    calendar.on(day).filter((fixture) => fixture.kickoff.getTime() - now.getTime() >= ON_SALE_BEFORE);
  const days = Array.from({ length: AHEAD_DAYS + 1 }, (_, offset) =>
    onSale(addLagosDays(today, offset)),
  ).filter((fixtures) => fixtures.length > 0);
  return days[Math.min(demo.day, days.length - 1)] ?? [];
}

/**
 * Booking codes on the demo calendar's real matches: on sale for the coming days, settled from the
 * real scores for the days before, and one whose matches are under way. Each is a valid admin
 * input (the contract's schema checks it) and its total odds are the product of its games' odds.
 */
export async function seedBookingCodes(
  tx: Executor,
  now = new Date(),
  calendar: DemoCalendar = demoCalendar(now),
): Promise<void> {
  const posted: string[] = [];
  for (const [index, demo] of demoCodes.entries()) {
    const fixtures = fixturesFor(demo, calendar, now);
    // Codes of one day start from different matches, so they are not copies of each other.
    const start = fixtures.length ? (index * 3) % fixtures.length : 0;
    const slip = [...fixtures.slice(start), ...fixtures.slice(0, start)]
      .flatMap((fixture) => {
        const pick = likeliestPick(fixture, styles[demo.style]);
        return pick ? [{ fixture, pick }] : [];
      })
      .slice(0, demo.games)
      .sort((a, b) => a.fixture.kickoff.getTime() - b.fixture.kickoff.getTime());
    const first = slip[0];
    if (!first) continue;
    const picks: DemoPick[] = slip.map(({ pick }) => pick);
    const firstKickoff = first.fixture.kickoff;
    const postedAt = new Date(
      Math.min(now.getTime(), firstKickoff.getTime() - 8 * HOUR) - (index % 5) * 40 * 60_000,
    );
    const input = bookingCodeInputSchema.parse({
      bookingCode: demoCodeText(index),
      category: 'football',
      bookmaker: demo.bookmaker,
      totalOdds: slipOdds(picks.map((pick) => pick.odds)),
      price: demo.price,
      confidence: confidenceOf(picks),
      urgency: urgencyOf(firstKickoff, now),
      urgencyTag: demo.urgencyTag,
      adminNote: demo.note,
      slotLimit: demo.slotLimit ?? null,
      // A code cannot be bought once its first match has started.
      expiresAt: firstKickoff.toISOString(),
      games: slip.map(({ fixture, pick }) => gameInput(fixture, pick)),
      moneyBack: demo.moneyBack ?? false,
    });
    const [code] = await tx
      .insert(bookingCodes)
      .values({
        code: input.bookingCode,
        category: input.category,
        bookmaker: input.bookmaker,
        totalOdds: input.totalOdds,
        priceKobo: nairaToKobo(input.price),
        confidence: input.confidence,
        urgency: input.urgency,
        urgencyTag: input.urgencyTag ?? null,
        adminNote: input.adminNote ?? null,
        slotLimit: input.slotLimit ?? null,
        moneyBack: input.moneyBack,
        demo: true,
        expiresAt: new Date(input.expiresAt),
        postedAt,
        createdAt: postedAt,
        updatedAt: postedAt,
      })
      .returning({ id: bookingCodes.id });
    if (!code) throw new Error('demo code insert returned no row');
    await saveGames(tx, 'code', code.id, input.category, input.games, postedAt);
    posted.push(code.id);
  }
  await settlePlayed(tx, calendar, 'code', posted);
}
