import type { CodeCategory, CodeResult, Urgency } from '@cashtips/contract/booking-codes';
import type { Executor } from '../db/client.ts';
import { bookingCodes } from '../db/schema/index.ts';
import { type GameInput, saveGames } from '../modules/matches/games.ts';

type Match = [teamA: string, teamB: string, league: string, prediction: string, odds: number];

interface DemoCode {
  category: CodeCategory;
  bookmaker: string;
  price: number;
  confidence: number;
  urgency: Urgency;
  urgencyTag?: string;
  /** Hours from the seed time until the first kickoff (negative: already played). */
  startsIn: number;
  slotLimit?: number;
  fakeBuyers?: number;
  result?: CodeResult;
  note?: string;
  games: Match[];
}

const demoCodes: DemoCode[] = [
  {
    category: 'football',
    bookmaker: 'SportyBet',
    price: 1500,
    confidence: 92,
    urgency: 'high',
    urgencyTag: 'Closing soon',
    startsIn: 0.4,
    slotLimit: 50,
    fakeBuyers: 31,
    note: 'Strong home form in all three; kept to safe goal lines.',
    games: [
      ['Arsenal', 'Brentford', 'Premier League', 'Home win', 1.45],
      ['Liverpool', 'Fulham', 'Premier League', 'Over 1.5 goals', 1.22],
      ['Aston Villa', 'Ipswich Town', 'Premier League', 'Home win', 1.5],
    ],
  },
  {
    category: 'football',
    bookmaker: 'Bet9ja',
    price: 2500,
    confidence: 88,
    urgency: 'high',
    startsIn: 3,
    slotLimit: 100,
    fakeBuyers: 54,
    games: [
      ['Real Madrid', 'Getafe', 'La Liga', 'Home win & over 1.5', 1.65],
      ['Barcelona', 'Celta Vigo', 'La Liga', 'Both teams to score', 1.7],
      ['Atlético Madrid', 'Osasuna', 'La Liga', 'Home win', 1.55],
      ['Villarreal', 'Alavés', 'La Liga', 'Over 1.5 goals', 1.3],
    ],
  },
  {
    category: 'football',
    bookmaker: 'BetKing',
    price: 1000,
    confidence: 84,
    urgency: 'medium',
    startsIn: 6,
    games: [
      ['Inter', 'Lecce', 'Serie A', 'Home win', 1.28],
      ['Napoli', 'Monza', 'Serie A', 'Home win', 1.4],
      ['Juventus', 'Cagliari', 'Serie A', 'Under 3.5 goals', 1.33],
    ],
  },
  {
    category: 'football',
    bookmaker: '1xBet',
    price: 3000,
    confidence: 79,
    urgency: 'medium',
    urgencyTag: 'Big odds',
    startsIn: 8,
    fakeBuyers: 12,
    games: [
      ['Bayern München', 'VfL Bochum', 'Bundesliga', 'Home -1.5 handicap', 1.6],
      ['Borussia Dortmund', 'FC Augsburg', 'Bundesliga', 'Both teams to score', 1.65],
      ['Bayer Leverkusen', 'Holstein Kiel', 'Bundesliga', 'Home win', 1.3],
      ['RB Leipzig', 'FC St. Pauli', 'Bundesliga', 'Over 2.5 goals', 1.8],
      ['Eintracht Frankfurt', 'Heidenheim', 'Bundesliga', 'Home win', 1.55],
    ],
  },
  {
    category: 'football',
    bookmaker: 'Betway',
    price: 500,
    confidence: 95,
    urgency: 'low',
    startsIn: 20,
    games: [
      ['Manchester City', 'Southampton', 'Premier League', 'Home win', 1.15],
      ['Chelsea', 'Leicester City', 'Premier League', 'Over 1.5 goals', 1.2],
    ],
  },
  {
    category: 'football',
    bookmaker: 'SportyBet',
    price: 2000,
    confidence: 73,
    urgency: 'medium',
    startsIn: 26,
    slotLimit: 30,
    games: [
      ['Paris Saint-Germain', 'Angers', 'Ligue 1', 'Home win & over 2.5', 1.75],
      ['Olympique de Marseille', 'Le Havre', 'Ligue 1', 'Home win', 1.45],
      ['AS Monaco', 'Stade Brestois', 'Ligue 1', 'Both teams to score', 1.72],
    ],
  },
  {
    category: 'football',
    bookmaker: 'MSport',
    price: 4500,
    confidence: 71,
    urgency: 'high',
    urgencyTag: 'Weekend accumulator',
    startsIn: 30,
    fakeBuyers: 87,
    games: [
      ['Newcastle United', 'Wolverhampton', 'Premier League', 'Home win', 1.6],
      ['Tottenham Hotspur', 'Everton', 'Premier League', 'Over 2.5 goals', 1.7],
      ['Brighton', 'Crystal Palace', 'Premier League', 'Both teams to score', 1.75],
      ['Manchester United', 'West Ham United', 'Premier League', 'Home win', 1.95],
      ['Nottingham Forest', 'Bournemouth', 'Premier League', 'Under 3.5 goals', 1.4],
      ['Leeds United', 'Burnley', 'Championship', 'Home win', 1.85],
    ],
  },
  {
    category: 'football',
    bookmaker: 'NairaBet',
    price: 800,
    confidence: 86,
    urgency: 'low',
    startsIn: 48,
    games: [
      ['Sunderland', 'Coventry City', 'Championship', 'Over 1.5 goals', 1.3],
      ['Sheffield United', 'Hull City', 'Championship', 'Home win', 1.7],
    ],
  },
  {
    category: 'football',
    bookmaker: 'Bet9ja',
    price: 1200,
    confidence: 90,
    urgency: 'medium',
    startsIn: 72,
    slotLimit: 200,
    games: [
      ['Real Madrid', 'Manchester City', 'UEFA Champions League', 'Both teams to score', 1.55],
      ['Bayern München', 'Paris Saint-Germain', 'UEFA Champions League', 'Over 2.5 goals', 1.6],
    ],
  },
  {
    category: 'basketball',
    bookmaker: 'SportyBet',
    price: 1500,
    confidence: 83,
    urgency: 'high',
    startsIn: 2,
    fakeBuyers: 18,
    games: [
      ['Boston Celtics', 'Charlotte Hornets', 'NBA', 'Celtics -9.5', 1.9],
      ['Denver Nuggets', 'Utah Jazz', 'NBA', 'Nuggets win', 1.25],
      ['Milwaukee Bucks', 'Detroit Pistons', 'NBA', 'Over 224.5 points', 1.85],
    ],
  },
  {
    category: 'basketball',
    bookmaker: 'Bet9ja',
    price: 1000,
    confidence: 77,
    urgency: 'medium',
    startsIn: 14,
    games: [
      ['Los Angeles Lakers', 'San Antonio Spurs', 'NBA', 'Lakers win', 1.5],
      ['Golden State Warriors', 'Portland Trail Blazers', 'NBA', 'Warriors -6.5', 1.9],
    ],
  },
  {
    category: 'basketball',
    bookmaker: 'BetKing',
    price: 2000,
    confidence: 91,
    urgency: 'low',
    startsIn: 40,
    slotLimit: 40,
    games: [
      ['Real Madrid Baloncesto', 'Olimpia Milano', 'EuroLeague', 'Home win', 1.4],
      ['Fenerbahçe', 'ALBA Berlin', 'EuroLeague', 'Home win', 1.3],
    ],
  },
  {
    category: 'tennis',
    bookmaker: 'Betway',
    price: 700,
    confidence: 89,
    urgency: 'medium',
    startsIn: 5,
    games: [
      ['Jannik Sinner', 'Alex de Minaur', 'ATP Finals', 'Sinner to win', 1.2],
      ['Carlos Alcaraz', 'Taylor Fritz', 'ATP Finals', 'Alcaraz to win', 1.35],
    ],
  },
  {
    category: 'tennis',
    bookmaker: '1xBet',
    price: 1500,
    confidence: 75,
    urgency: 'high',
    urgencyTag: 'In play soon',
    startsIn: 1,
    fakeBuyers: 9,
    games: [
      ['Aryna Sabalenka', 'Jessica Pegula', 'WTA Finals', 'Sabalenka 2-0', 2.1],
      ['Iga Świątek', 'Coco Gauff', 'WTA Finals', 'Over 20.5 games', 1.8],
    ],
  },
  {
    category: 'tennis',
    bookmaker: 'SportyBet',
    price: 1000,
    confidence: 82,
    urgency: 'low',
    startsIn: 50,
    games: [
      ['Novak Djokovic', 'Holger Rune', 'ATP Masters', 'Djokovic to win', 1.45],
      ['Daniil Medvedev', 'Ben Shelton', 'ATP Masters', 'Over 22.5 games', 1.75],
    ],
  },
  {
    category: 'cricket',
    bookmaker: 'Bet9ja',
    price: 1200,
    confidence: 80,
    urgency: 'medium',
    startsIn: 10,
    games: [
      ['India', 'Australia', 'Test series', 'India to win', 2.05],
      ['England', 'New Zealand', 'ODI', 'England to win', 1.7],
    ],
  },
  {
    category: 'cricket',
    bookmaker: 'BetKing',
    price: 2500,
    confidence: 87,
    urgency: 'high',
    startsIn: 4,
    slotLimit: 25,
    fakeBuyers: 6,
    games: [
      ['Mumbai Indians', 'Chennai Super Kings', 'T20', 'Mumbai to win', 1.85],
      ['South Africa', 'Pakistan', 'T20 International', 'Over 320.5 match runs', 1.9],
    ],
  },
  {
    category: 'cricket',
    bookmaker: 'Betway',
    price: 600,
    confidence: 72,
    urgency: 'low',
    startsIn: 60,
    games: [['West Indies', 'Sri Lanka', 'ODI', 'West Indies to win', 2.2]],
  },
  // Played and settled: these feed the success rates shown on every code.
  {
    category: 'football',
    bookmaker: 'SportyBet',
    price: 1500,
    confidence: 90,
    urgency: 'medium',
    startsIn: -30,
    result: 'won',
    games: [
      ['Arsenal', 'Nottingham Forest', 'Premier League', 'Home win', 1.4],
      ['Liverpool', 'Brighton', 'Premier League', 'Over 1.5 goals', 1.25],
    ],
  },
  {
    category: 'football',
    bookmaker: 'Bet9ja',
    price: 2000,
    confidence: 85,
    urgency: 'high',
    startsIn: -54,
    result: 'won',
    games: [
      ['Barcelona', 'Sevilla', 'La Liga', 'Home win', 1.45],
      ['Inter', 'Torino', 'Serie A', 'Home win', 1.35],
    ],
  },
  {
    category: 'football',
    bookmaker: 'BetKing',
    price: 3500,
    confidence: 74,
    urgency: 'medium',
    startsIn: -78,
    result: 'lost',
    games: [
      ['Chelsea', 'Arsenal', 'Premier League', 'Both teams to score', 1.7],
      ['AC Milan', 'Napoli', 'Serie A', 'Home win', 2.3],
      ['Borussia Dortmund', 'Bayern München', 'Bundesliga', 'Over 3.5 goals', 2.1],
    ],
  },
  {
    category: 'football',
    bookmaker: 'SportyBet',
    price: 1000,
    confidence: 93,
    urgency: 'low',
    startsIn: -100,
    result: 'won',
    games: [
      ['Manchester City', 'Burnley', 'Premier League', 'Home win', 1.12],
      ['Real Madrid', 'Alavés', 'La Liga', 'Home win', 1.15],
    ],
  },
  {
    category: 'basketball',
    bookmaker: 'Bet9ja',
    price: 1500,
    confidence: 81,
    urgency: 'medium',
    startsIn: -40,
    result: 'won',
    games: [['Boston Celtics', 'Miami Heat', 'NBA', 'Celtics win', 1.4]],
  },
  {
    category: 'basketball',
    bookmaker: '1xBet',
    price: 1000,
    confidence: 70,
    urgency: 'low',
    startsIn: -64,
    result: 'lost',
    games: [['Phoenix Suns', 'Dallas Mavericks', 'NBA', 'Suns win', 1.9]],
  },
  {
    category: 'tennis',
    bookmaker: 'Betway',
    price: 800,
    confidence: 88,
    urgency: 'medium',
    startsIn: -20,
    result: 'won',
    games: [['Jannik Sinner', 'Casper Ruud', 'ATP Finals', 'Sinner to win', 1.25]],
  },
  {
    category: 'cricket',
    bookmaker: 'BetKing',
    price: 1500,
    confidence: 76,
    urgency: 'medium',
    startsIn: -36,
    result: 'void',
    games: [['England', 'India', 'Test series', 'England to win', 2.4]],
  },
  // Expired before anyone settled them: shown greyed with "EXPIRED".
  {
    category: 'football',
    bookmaker: 'MSport',
    price: 900,
    confidence: 78,
    urgency: 'high',
    startsIn: -2,
    games: [
      ['Everton', 'Fulham', 'Premier League', 'Under 2.5 goals', 1.6],
      ['Brentford', 'Wolverhampton', 'Premier League', 'Both teams to score', 1.55],
    ],
  },
];

const HOUR = 3_600_000;
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

export async function seedBookingCodes(tx: Executor, now = new Date()): Promise<void> {
  for (const [index, demo] of demoCodes.entries()) {
    const firstKickoff = now.getTime() + demo.startsIn * HOUR;
    const games: GameInput[] = demo.games.map(([teamA, teamB, league, prediction, odds], gameIndex) => ({
      teamA,
      teamB,
      league,
      prediction,
      odds,
      kickoff: new Date(firstKickoff + gameIndex * 2 * HOUR).toISOString(),
    }));
    const totalOdds = Math.round(games.reduce((product, game) => product * (game.odds ?? 1), 1) * 100) / 100;
    const postedAt = new Date(Math.min(firstKickoff, now.getTime()) - (12 + index) * HOUR);
    const [code] = await tx
      .insert(bookingCodes)
      .values({
        code: demoCodeText(index),
        category: demo.category,
        bookmaker: demo.bookmaker,
        totalOdds,
        priceKobo: BigInt(demo.price) * 100n,
        confidence: demo.confidence,
        urgency: demo.urgency,
        urgencyTag: demo.urgencyTag ?? null,
        adminNote: demo.note ?? null,
        slotLimit: demo.slotLimit ?? null,
        fakeBuyerEnabled: (demo.fakeBuyers ?? 0) > 0,
        fakeBuyerCount: demo.fakeBuyers ?? 0,
        expiresAt: new Date(firstKickoff),
        postedAt,
        result: demo.result ?? 'pending',
        settledAt: demo.result ? new Date(firstKickoff + 4 * HOUR) : null,
        settledBy: demo.result ? 'admin' : null,
        createdAt: postedAt,
        updatedAt: postedAt,
      })
      .returning({ id: bookingCodes.id });
    if (!code) throw new Error('demo code insert returned no row');
    await saveGames(tx, 'code', code.id, demo.category, games, postedAt);
  }
}
