import type { Clock } from '../../lib/clock.ts';
import { decimalOdds, displayName, getJson, type Json, record, text, wholeNumber } from '../football/read.ts';
import {
  type BookmakerAdapter,
  type BookmakerLeg,
  BookmakerUnavailable,
  type CodeRead,
  type LegState,
  totalOddsOf,
} from './bookmaker.ts';

/**
 * SportyBet's shared-code endpoint, the one its own site calls when a code is loaded (BOOKMAKERS.md).
 * Undocumented: everything is read defensively, and whatever is not understood is "cannot be read"
 * (BookmakerUnavailable), never "changed".
 */

const SUCCESS = 10000;
const DEFAULT_TIMEOUT_MS = 8000;
/** The site sits behind bot defences; a browser's User-Agent is what its own pages send. */
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** SportyBet's event `status`: 0 not started, 1 live, 2-4 ended (settled at 4). */
const STATE_BY_STATUS: Readonly<Record<number, LegState>> = {
  0: 'not-started',
  1: 'live',
  2: 'ended',
  3: 'ended',
  4: 'ended',
};

export interface SportyBetOptions {
  /** The site's root without a trailing slash (SPORTYBET_URL). */
  baseUrl: string;
  /** SPORTYBET_COUNTRY: 'ng'. */
  country: string;
  clock: Clock;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const unreadable = (reason: string) =>
  new BookmakerUnavailable(`SportyBet's answer could not be read: ${reason}`);

export class SportyBetAdapter implements BookmakerAdapter {
  readonly name = 'sportybet';
  readonly label = 'SportyBet';
  readonly #options: SportyBetOptions;

  constructor(options: SportyBetOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  async read(code: string): Promise<CodeRead> {
    const { baseUrl, country, clock } = this.#options;
    const url = `${baseUrl}/api/${encodeURIComponent(country)}/orders/share/${encodeURIComponent(code.toUpperCase())}?_t=${clock.now().getTime()}`;
    const answer = await getJson(
      this.#options.fetch ?? fetch,
      url,
      { accept: 'application/json', 'user-agent': USER_AGENT },
      this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      'SportyBet',
      (reason) => new BookmakerUnavailable(reason),
    );
    if (answer.status !== 200) throw new BookmakerUnavailable(`SportyBet answered ${answer.status}`);
    if (answer.body === undefined) throw new BookmakerUnavailable('SportyBet answered without JSON');
    const envelope = record(answer.body);
    const bizCode = wholeNumber(envelope.bizCode);
    if (bizCode === null) throw unreadable('no bizCode');
    if (bizCode !== SUCCESS) {
      return {
        kind: 'not-loadable',
        reason: displayName(envelope.message) ?? 'The code is invalid or expired',
      };
    }
    const data = record(envelope.data);
    const selections = record(data.ticket).selections;
    const events = data.outcomes;
    if (!Array.isArray(selections) || !Array.isArray(events)) throw unreadable('no selections or events');
    if (selections.length === 0) return { kind: 'not-loadable', reason: 'The code holds no games' };
    const eventsById = new Map<string, Json>();
    for (const event of events) {
      const id = text(record(event).eventId);
      if (id) eventsById.set(id, record(event));
    }
    const now = clock.now().getTime();
    const legs: BookmakerLeg[] = [];
    let missingLegs = 0;
    for (const selection of selections) {
      const leg = readLeg(record(selection), eventsById, now);
      if (leg) legs.push(leg);
      else missingLegs++;
    }
    return {
      kind: 'loaded',
      code: {
        bookmaker: this.name,
        code: text(data.shareCode)?.toUpperCase() ?? code.toUpperCase(),
        legs,
        missingLegs,
        totalOdds: missingLegs > 0 ? null : totalOddsOf(legs.map((leg) => leg.odds)),
      },
    };
  }
}

/** One pick of the code as the bookmaker holds it now; undefined when its match is gone. */
function readLeg(selection: Json, eventsById: Map<string, Json>, now: number): BookmakerLeg | undefined {
  const eventId = text(selection.eventId);
  const marketId = text(selection.marketId);
  const outcomeId = text(selection.outcomeId);
  if (!eventId || !marketId || !outcomeId) throw unreadable('a selection without its event, market or pick');
  const specifier = text(selection.specifier) ?? '';
  const event = eventsById.get(eventId);
  if (!event) return undefined;

  const homeTeam = displayName(event.homeTeamName);
  const awayTeam = displayName(event.awayTeamName);
  const start = wholeNumber(event.estimateStartTime);
  const status = wholeNumber(event.status);
  const reported = status === null ? undefined : STATE_BY_STATUS[status];
  if (!homeTeam || !awayTeam || start === null || !reported)
    throw unreadable(`event ${eventId} is incomplete`);
  const category = record(record(event.sport).category);
  const league = displayName(record(category.tournament).name) ?? 'Unknown competition';
  const state: LegState = reported === 'not-started' && start <= now ? 'live' : reported;
  const game = `${homeTeam} v ${awayTeam}`;

  const markets = Array.isArray(event.markets) ? event.markets.map(record) : [];
  const market = markets.find(
    (candidate) => text(candidate.id) === marketId && (text(candidate.specifier) ?? '') === specifier,
  );
  const outcomes = market && Array.isArray(market.outcomes) ? market.outcomes.map(record) : [];
  const outcome = outcomes.find((candidate) => text(candidate.id) === outcomeId);
  const marketWords = marketName(market ? displayName(market.desc) : null, marketId, specifier);
  const pickWords = (outcome ? displayName(outcome.desc) : null) ?? `pick ${outcomeId}`;

  let unplaceable: string | null = null;
  if (state !== 'not-started') unplaceable = `${game} has ${state === 'ended' ? 'ended' : 'started'}`;
  else if (!market || !outcome)
    unplaceable = `${pickWords} (${marketWords}) on ${game} is no longer offered at the bookmaker`;
  else if (wholeNumber(market.status) !== 0)
    unplaceable = `The ${marketWords} market on ${game} is suspended at the bookmaker`;
  else if (wholeNumber(outcome.isActive) !== 1)
    unplaceable = `${pickWords} (${marketWords}) on ${game} is no longer offered at the bookmaker`;

  const winning = outcome ? wholeNumber(outcome.isWinning) : null;
  return {
    eventId,
    homeTeam,
    awayTeam,
    league,
    country: displayName(category.name),
    kickoff: new Date(start),
    market: marketWords,
    pick: pickWords,
    prediction: predictionOf(marketId, specifier, outcomeId),
    odds: outcome ? decimalOdds(outcome.odds) : null,
    state,
    unplaceable,
    outcome: state === 'ended' && winning !== null ? (winning === 1 ? 'won' : 'lost') : null,
  };
}

/** The words SportyBet gives ('Over/Under') with the line its specifier names ('total=2.5' → 2.5). */
function marketName(desc: string | null, marketId: string, specifier: string): string {
  const line = /^(?:total|hcp)=([-+]?\d+(?:\.\d+)?)$/.exec(specifier)?.[1];
  const words = desc ?? `Market ${marketId}`;
  return line && !words.includes(line) ? `${words} ${line}` : words;
}

/** SportyBet's football market and outcome ids (BOOKMAKERS.md) as the product's prediction words. */
const PREDICTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '1': { '1': 'Home', '2': 'Draw', '3': 'Away' },
  '10': { '9': '1X', '10': '12', '11': 'X2' },
  '29': { '74': 'BTTS Yes', '76': 'BTTS No' },
  '11': { '4': 'DNB Home', '5': 'DNB Away' },
};

function predictionOf(marketId: string, specifier: string, outcomeId: string): string | null {
  if (marketId === '18') {
    const line = /^total=(\d+(?:\.\d+)?)$/.exec(specifier)?.[1];
    const side = { '12': 'Over', '13': 'Under' }[outcomeId];
    return line && side ? `${side} ${line}` : null;
  }
  const outcomes = new Map(Object.entries(PREDICTIONS[marketId] ?? {}));
  return outcomes.get(outcomeId) ?? null;
}
