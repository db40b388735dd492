import { isoToLagosInput, lagosInputToIso } from '@cashtips/contract/lagos-time';
import type { MatchSearchResult } from '@cashtips/contract/matches';
import { numberText, optionalText } from './form-draft.ts';
import type { ModelGame } from './model-game.ts';

/**
 * One row of a games list as typed (booking codes and rollover tips); `key` keeps React's rows stable when
 * one is removed. `bookmaker` is used by rollover tips only.
 */
export interface GameDraft {
  key: string;
  /**
   * The registered match a model pick came from or the admin picked ('' for a typed game): sent, so the
   * match's own data wins.
   */
  matchId: string;
  /** The match picked with the match picker, as it was found (shown as the game's match until unlinked). */
  pickedMatch: MatchSearchResult | null;
  /** The model's probability of the prediction on that match (a model pick), kept until either is retyped. */
  modelProbability: number | null;
  teamA: string;
  teamB: string;
  league: string;
  /** datetime-local, Lagos time. */
  kickoff: string;
  prediction: string;
  odds: string;
  bookmaker: string;
}

let nextKey = 0;
export function emptyGame(): GameDraft {
  nextKey += 1;
  return {
    key: `game-${nextKey}`,
    matchId: '',
    pickedMatch: null,
    modelProbability: null,
    teamA: '',
    teamB: '',
    league: '',
    kickoff: '',
    prediction: '',
    odds: '',
    bookmaker: '',
  };
}

interface StoredGame {
  teamA: string;
  teamB: string;
  league: string;
  kickoff: string;
  prediction?: string | null | undefined;
  odds?: number | null | undefined;
  bookmaker?: string | null | undefined;
}

export function gameDraftFrom(game: StoredGame): GameDraft {
  return {
    ...emptyGame(),
    teamA: game.teamA,
    teamB: game.teamB,
    league: game.league,
    kickoff: isoToLagosInput(game.kickoff),
    prediction: game.prediction ?? '',
    odds: numberText(game.odds),
    bookmaker: game.bookmaker ?? '',
  };
}

/** A model pick as the first game of a new rollover tip or booking code. */
export function gameDraftFromModel(game: ModelGame): GameDraft {
  return {
    ...gameDraftFrom(game),
    matchId: game.matchId,
    modelProbability: game.modelProbability,
  };
}

/**
 * A change to a row: retyping the match leaves its registered match (the typed one is found or registered
 * instead), and retyping the match or the prediction drops the model's probability, which was for that pick.
 * A patch naming its own `matchId` (a match picked) keeps it.
 */
export function patchGame(game: GameDraft, patch: Partial<GameDraft>): GameDraft {
  const next = { ...game, ...patch };
  const matchRetyped = (['teamA', 'teamB', 'league', 'kickoff'] as const).some((field) => field in patch);
  if (matchRetyped && !('matchId' in patch)) {
    next.matchId = '';
    next.pickedMatch = null;
  }
  if (matchRetyped || 'prediction' in patch) next.modelProbability = null;
  return next;
}

/**
 * A registered match picked for a games row or a free tip: its teams (home first), league and kickoff
 * fill the fields.
 */
export function pickMatch(
  match: MatchSearchResult,
): Pick<GameDraft, 'matchId' | 'pickedMatch' | 'teamA' | 'teamB' | 'league' | 'kickoff'> {
  return {
    matchId: match._id,
    pickedMatch: match,
    teamA: match.homeTeam,
    teamB: match.awayTeam,
    league: match.league,
    kickoff: isoToLagosInput(match.kickoff),
  };
}

/** Back to typing: the fields keep the picked match's words, to be edited. */
export const unlinkMatch: Partial<GameDraft> = { matchId: '', pickedMatch: null };

/** What a kind of games list asks for beyond teams, league and kickoff (optional odds in both). */
export interface GameFields {
  predictionRequired: boolean;
  /** A bookmaker per game. */
  withBookmaker: boolean;
}

export const bookingCodeGameFields: GameFields = { predictionRequired: false, withBookmaker: false };
export const rolloverGameFields: GameFields = { predictionRequired: true, withBookmaker: true };

/**
 * A games list as its schema reads it: kickoffs in Lagos time with their offset, optional texts left out
 * when empty (a required prediction is passed as typed, so the schema names what is missing), odds
 * through `num` (from numberReader) under 'games.N.odds'.
 */
export function gamesInput(
  games: readonly GameDraft[],
  num: (key: string, text: string) => number | undefined,
  fields: GameFields,
) {
  return games.map((game, index) => ({
    ...(game.matchId && { matchId: game.matchId }),
    teamA: game.teamA,
    teamB: game.teamB,
    league: game.league,
    kickoff: lagosInputToIso(game.kickoff),
    prediction: fields.predictionRequired ? game.prediction : optionalText(game.prediction, false),
    odds: num(`games.${index}.odds`, game.odds),
    ...(fields.withBookmaker && { bookmaker: optionalText(game.bookmaker, false) }),
    // A model pick keeps the probability it was posted with; the calibration chart reads it once settled.
    ...(game.modelProbability !== null && { modelProbability: game.modelProbability }),
  }));
}

/** zod's generic limit messages for a game's fields, in plain words (keys as checkDraft looks them up). */
export const gameLimitMessages = {
  'game.teamA': 'At most 80 characters.',
  'game.teamB': 'At most 80 characters.',
  'game.league': 'At most 80 characters.',
  'game.prediction': 'At most 120 characters.',
  'game.bookmaker': 'At most 40 characters.',
} as const;
