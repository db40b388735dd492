import type { MatchPrediction, ModelPickView } from '@cashtips/contract/predictions';
import type { FreeTipInput } from '@cashtips/contract/tips';

/** 0.5234 → '52.3%': the model's probabilities, to a tenth of a percent. */
export const percentText = (probability: number) => `${(probability * 100).toFixed(1)}%`;

/** The odds every form accepts: a free tip's and a rollover game's start at 1.01, none goes past 1,000. */
export const MIN_PRICE = 1.01;
export const MAX_PRICE = 1000;
export const priceMessage = 'Enter decimal odds from 1.01 to 1,000, e.g. 2.10.';

export type PriceReading =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'valid'; price: number };

/** A bookmaker price as typed: decimal odds, a comma taken as the decimal point ('2,10'). */
export function readPrice(text: string): PriceReading {
  const typed = text.trim().replace(',', '.');
  if (!typed) return { state: 'empty' };
  const price = /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
  if (!(price >= MIN_PRICE && price <= MAX_PRICE)) return { state: 'invalid', message: priceMessage };
  return { state: 'valid', price };
}

/** What a bet at `price` returns per naira staked, on average, if the model is right: p × price − 1. */
export const edgeOf = (probability: number, price: number) => probability * price - 1;

/** +4.1% / −2.3% (a true minus sign), 0.0% when it rounds to nothing. */
export function edgeText(edge: number): string {
  const tenths = Math.round(edge * 1000);
  if (tenths === 0) return '0.0%';
  const text = `${(Math.abs(tenths) / 10).toFixed(1)}%`;
  return tenths > 0 ? `+${text}` : `−${text}`;
}

/**
 * One of the model's picks as a game on a registered match, for a free tip or for the first game of a new
 * rollover tip or booking code: the match's own teams (home first), league and kickoff, the pick's
 * prediction, the typed price (else the fair odds) and the model's probability at posting.
 */
export interface ModelGame {
  matchId: string;
  teamA: string;
  teamB: string;
  league: string;
  /** ISO, as the match carries it. */
  kickoff: string;
  prediction: string;
  /** 'Arsenal FC to win': how the suggestions named the pick. */
  label: string;
  odds: number;
  modelProbability: number;
}

export function modelGameOf(match: MatchPrediction, pick: ModelPickView, price: number | null): ModelGame {
  return {
    matchId: match.matchId,
    teamA: match.homeTeam,
    teamB: match.awayTeam,
    league: match.league,
    kickoff: match.kickoff,
    prediction: pick.prediction,
    label: pick.label,
    odds: price ?? pick.fairOdds,
    modelProbability: pick.probability,
  };
}

/** The free tip the pick becomes: on its registered match, the model's probability kept with it. */
export function freeTipFromModel(game: ModelGame): FreeTipInput {
  return {
    matchId: game.matchId,
    teamA: game.teamA,
    teamB: game.teamB,
    league: game.league,
    kickoff: game.kickoff,
    prediction: game.prediction,
    totalOdds: game.odds,
    modelProbability: game.modelProbability,
  };
}

/** The router state that opens a new rollover tip or booking code with this game first. */
export const modelGameState = (game: ModelGame) => ({ modelGame: game });

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The game in a screen's router state, if it carries a whole one (history state outlives the code that
 * wrote it, so it is checked field by field rather than trusted).
 */
export function readModelGame(state: unknown): ModelGame | null {
  const game: Partial<Record<keyof ModelGame, unknown>> = Object(Object(state).modelGame);
  const { matchId, teamA, teamB, league, kickoff, prediction, label, odds, modelProbability } = game;
  if (
    !isText(matchId) ||
    !isText(teamA) ||
    !isText(teamB) ||
    !isText(league) ||
    !isText(kickoff) ||
    !isText(prediction) ||
    !isNumber(odds) ||
    !isNumber(modelProbability) ||
    modelProbability < 0 ||
    modelProbability > 1
  ) {
    return null;
  }
  return {
    matchId,
    teamA,
    teamB,
    league,
    kickoff,
    prediction,
    label: isText(label) ? label : prediction,
    odds,
    modelProbability,
  };
}
