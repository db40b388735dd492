import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of SportyBet's shared-code endpoint as BOOKMAKERS.md describes it: `GET
 * /api/{country}/orders/share/{code}`, always HTTP 200 with the `{bizCode, message, data}` envelope,
 * `bizCode` 10000 with the ticket's selections and their events, or an error envelope for a code it
 * does not hold. Tests store codes with their events and change an event's status, a market's status,
 * an outcome's activity, odds or `isWinning` between reads, or make the next answers HTML, a 403, a
 * 429, a 500 or a 10 s stall. Every request is kept with its path and headers. Self-contained
 * (node:http only) so server tests and the browser end-to-end run can start it too.
 */

export interface FakeOutcome {
  id: string;
  desc: string;
  odds: string;
  isActive?: 0 | 1;
  isWinning?: 0 | 1;
}

export interface FakeMarket {
  id: string;
  desc: string;
  specifier?: string;
  /** 0 active; 1-3 suspended or deactivated. */
  status?: number;
  outcomes: FakeOutcome[];
}

export interface FakeEvent {
  eventId: string;
  homeTeamName: string;
  awayTeamName: string;
  kickoff: Date;
  /** 0 not started, 1 live, 2-4 ended. */
  status?: number;
  matchStatus?: string;
  country?: string;
  tournament?: string;
  markets: FakeMarket[];
}

export interface FakeSelection {
  eventId: string;
  marketId: string;
  specifier?: string;
  outcomeId: string;
}

export type FakeFault = 'html' | 403 | 429 | 500 | 'stall';

export interface FakeRequest {
  path: string;
  headers: IncomingMessage['headers'];
}

export interface FakeSportyBet {
  url: string;
  requests: FakeRequest[];
  /** Stores a code (any case) with its selections; its events are shared with other codes by id. */
  addCode(code: string, selections: FakeSelection[]): void;
  /** Adds or replaces an event. */
  putEvent(event: FakeEvent): void;
  /** Changes an event in place (status, kickoff, markets). */
  updateEvent(eventId: string, change: (event: FakeEvent) => void): void;
  removeCode(code: string): void;
  /** The next `times` answers fail this way (every answer until `clearFault` when omitted). */
  fault(kind: FakeFault, times?: number): void;
  clearFault(): void;
  stop(): Promise<void>;
}

/** A 1X2 market with these prices: outcomes 1 Home, 2 Draw, 3 Away. */
export function oneXTwo(home: string, draw: string, away: string): FakeMarket {
  return {
    id: '1',
    desc: '1X2',
    status: 0,
    outcomes: [
      { id: '1', desc: 'Home', odds: home, isActive: 1 },
      { id: '2', desc: 'Draw', odds: draw, isActive: 1 },
      { id: '3', desc: 'Away', odds: away, isActive: 1 },
    ],
  };
}

/** Over/under 2.5 goals: outcomes 12 Over, 13 Under. */
export function overUnder25(over: string, under: string): FakeMarket {
  return {
    id: '18',
    desc: 'Over/Under',
    specifier: 'total=2.5',
    status: 0,
    outcomes: [
      { id: '12', desc: 'Over', odds: over, isActive: 1 },
      { id: '13', desc: 'Under', odds: under, isActive: 1 },
    ],
  };
}

const STALL_MS = 10_000;

export async function startFakeSportyBet(): Promise<FakeSportyBet> {
  const codes = new Map<string, FakeSelection[]>();
  const events = new Map<string, FakeEvent>();
  const requests: FakeRequest[] = [];
  let fault: { kind: FakeFault; left: number } | undefined;
  const stalled = new Set<ServerResponse>();

  const eventJson = (event: FakeEvent) => ({
    eventId: event.eventId,
    homeTeamName: event.homeTeamName,
    awayTeamName: event.awayTeamName,
    estimateStartTime: event.kickoff.getTime(),
    status: event.status ?? 0,
    matchStatus: event.matchStatus ?? ((event.status ?? 0) === 0 ? 'Not start' : 'H1'),
    sport: {
      id: 'sr:sport:1',
      name: 'Football',
      category: {
        name: event.country ?? 'England',
        tournament: { id: 'sr:tournament:17', name: event.tournament ?? 'Premier League' },
      },
    },
    markets: event.markets.map((market) => ({
      id: market.id,
      desc: market.desc,
      specifier: market.specifier ?? '',
      status: market.status ?? 0,
      outcomes: market.outcomes.map((outcome) => ({
        id: outcome.id,
        desc: outcome.desc,
        odds: outcome.odds,
        isActive: outcome.isActive ?? 1,
        ...(outcome.isWinning === undefined ? {} : { isWinning: outcome.isWinning }),
      })),
    })),
  });

  const send = (response: ServerResponse, status: number, body: string, type = 'application/json') => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, headers: request.headers });
    if (fault) {
      const { kind } = fault;
      fault.left -= 1;
      if (fault.left <= 0) fault = undefined;
      if (kind === 'stall') {
        stalled.add(response);
        setTimeout(() => {
          stalled.delete(response);
          if (!response.writableEnded) send(response, 200, '{}');
        }, STALL_MS).unref();
        return;
      }
      if (kind === 'html')
        return send(response, 200, '<html><body>Checking your browser…</body></html>', 'text/html');
      return send(response, kind, JSON.stringify({ message: 'refused' }));
    }
    const match = /^\/api\/([a-z]{2})\/orders\/share\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match?.[2])
      return send(response, 404, '<html>Not found</html>', 'text/html');
    const code = decodeURIComponent(match[2]).toUpperCase();
    const selections = codes.get(code);
    if (!selections) {
      return send(
        response,
        200,
        JSON.stringify({ bizCode: 4400, message: 'The code is invalid or expired', data: null }),
      );
    }
    const held = [...new Set(selections.map((selection) => selection.eventId))]
      .map((id) => events.get(id))
      .filter((event): event is FakeEvent => event !== undefined);
    send(
      response,
      200,
      JSON.stringify({
        bizCode: 10000,
        message: 'Success',
        data: {
          shareCode: code,
          ticket: {
            selections: selections.map((selection) => ({
              ...selection,
              specifier: selection.specifier ?? '',
            })),
          },
          outcomes: held.map(eventJson),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    addCode: (code, selections) => codes.set(code.toUpperCase(), selections),
    putEvent: (event) => events.set(event.eventId, structuredClone(event)),
    updateEvent: (eventId, change) => {
      const event = events.get(eventId);
      if (!event) throw new Error(`the fake holds no event ${eventId}`);
      change(event);
    },
    removeCode: (code) => codes.delete(code.toUpperCase()),
    fault: (kind, times = Number.POSITIVE_INFINITY) => {
      fault = { kind, left: times };
    },
    clearFault: () => {
      fault = undefined;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const response of stalled) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
