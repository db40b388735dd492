import type { MatchLive } from '@cashtips/contract/football';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { GameLiveState, LiveMatchUpdates } from '../components/ui/game-live-state.tsx';
import { fakeSocketServer } from '../testing/fake-socket-server.ts';
import { live, liveMatch, matchEvent } from '../testing/match-fixtures.ts';
import { FINISHED_REFETCH_DELAY_MS } from './live-matches.ts';
import { type Session, SessionContext } from './session/session-context.ts';

const visitor: Session = {
  token: null,
  user: null,
  loading: false,
  login: () => undefined,
  logout: () => undefined,
  updateUser: () => undefined,
};

interface Game {
  matchId: string;
  live: MatchLive;
}

/** One query answering a game whose state the test controls, shown through the shared store. */
function Harness({
  client,
  answer,
  children,
}: {
  client: QueryClient;
  answer: () => Game;
  children?: ReactNode;
}) {
  return (
    <SessionContext.Provider value={visitor}>
      <QueryClientProvider client={client}>
        <LiveMatchUpdates />
        <GameFromQuery queryKey="game" answer={answer} />
        {children}
      </QueryClientProvider>
    </SessionContext.Provider>
  );
}

function GameFromQuery({ queryKey, answer }: { queryKey: string; answer: () => Game }) {
  const query = useQuery({ queryKey: [queryKey], queryFn: async () => answer() });
  if (!query.data) return null;
  return (
    <div data-testid={queryKey}>
      <GameLiveState matchId={query.data.matchId} live={query.data.live} home="Arsenal" away="Chelsea" />
    </div>
  );
}

const stateOf = (testId: string) => screen.getByTestId(testId).querySelector('.sr-only')?.textContent ?? '';

describe('the shared live-state store', () => {
  it("follows a visitor's public socket: no token in the handshake", async () => {
    const client = new QueryClient();
    render(<Harness client={client} answer={() => ({ matchId: 'm1', live: live('live', 10, [0, 0]) })} />);
    await screen.findByTestId('game');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    expect(fakeSocketServer.connected()[0]?.auth).toEqual({});
    act(() => fakeSocketServer.emit('match', matchEvent('m1', live('live', 11, [1, 0]))));
    await waitFor(() => expect(stateOf('game')).toBe('Live, minute 11, score 1-0'));
  });

  it('takes a refetched answer over an older event, and an event over an older cached answer', async () => {
    // As the app's 30 s: a cached answer is shown as it is, not refetched on mount.
    const options = { defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } };
    const client = new QueryClient(options);
    let state = live('live', 10, [0, 0]);
    render(<Harness client={client} answer={() => ({ matchId: 'm1', live: state })} />);
    await screen.findByTestId('game');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));

    // Another screen's cache, answered before the event and first followed after it: the event is newer.
    const other = new QueryClient(options);
    await other.prefetchQuery({ queryKey: ['older'], queryFn: () => ({ matchId: 'm1', live: state }) });
    act(() => fakeSocketServer.emit('match', matchEvent('m1', live('live', 30, [1, 0]))));
    await waitFor(() => expect(stateOf('game')).toBe('Live, minute 30, score 1-0'));
    render(
      <SessionContext.Provider value={visitor}>
        <QueryClientProvider client={other}>
          <LiveMatchUpdates />
          <GameFromQuery queryKey="older" answer={() => ({ matchId: 'm1', live: state })} />
        </QueryClientProvider>
      </SessionContext.Provider>,
    );
    await act(async () => undefined);
    expect(stateOf('older')).toBe('Live, minute 30, score 1-0');
    expect(stateOf('game')).toBe('Live, minute 30, score 1-0');

    // A phone that slept missed events; its refetch is the newest word.
    state = live('finished', null, [2, 1]);
    await act(() => client.refetchQueries({ queryKey: ['game'] }));
    await waitFor(() => expect(stateOf('game')).toBe('Full time, score 2-1'));
    expect(stateOf('older')).toBe('Full time, score 2-1');
  });

  it('takes an event over an answer stamped in the same millisecond', async () => {
    const options = { defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } };
    const client = new QueryClient(options);
    render(<Harness client={client} answer={() => ({ matchId: 'm1', live: live('live', 10, [0, 0]) })} />);
    await screen.findByTestId('game');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    // A fast machine: another screen's answer and the event come within one millisecond (CI once saw it).
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    onTestFinished(() => frozen.mockRestore());
    const other = new QueryClient(options);
    await other.prefetchQuery({
      queryKey: ['same-time'],
      queryFn: () => ({ matchId: 'm1', live: live('live', 10, [0, 0]) }),
    });
    act(() => fakeSocketServer.emit('match', matchEvent('m1', live('live', 31, [0, 1]))));
    await waitFor(() => expect(stateOf('game')).toBe('Live, minute 31, score 0-1'));
    render(
      <SessionContext.Provider value={visitor}>
        <QueryClientProvider client={other}>
          <LiveMatchUpdates />
          <GameFromQuery
            queryKey="same-time"
            answer={() => ({ matchId: 'm1', live: live('live', 10, [0, 0]) })}
          />
        </QueryClientProvider>
      </SessionContext.Provider>,
    );
    await act(async () => undefined);
    expect(stateOf('same-time')).toBe('Live, minute 31, score 0-1');
    expect(stateOf('game')).toBe('Live, minute 31, score 0-1');
  });

  it('keeps an event over a cache write of our own (a live buyer count) that carries the older state', async () => {
    const client = new QueryClient();
    render(<Harness client={client} answer={() => ({ matchId: 'm1', live: live('live', 10, [0, 0]) })} />);
    await screen.findByTestId('game');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    act(() => fakeSocketServer.emit('match', matchEvent('m1', live('live', 55, [0, 2]))));
    await waitFor(() => expect(stateOf('game')).toBe('Live, minute 55, score 0-2'));
    act(() => client.setQueryData<Game>(['game'], (game) => game && { ...game }));
    await act(async () => undefined);
    expect(stateOf('game')).toBe('Live, minute 55, score 0-2');
  });

  it('refetches once, a moment after a burst of final whistles, the items with a game on those matches only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const client = new QueryClient();
    const answers = { game: 0, other: 0, list: 0 };
    render(
      <Harness
        client={client}
        answer={() => {
          answers.game += 1;
          return { matchId: 'm1', live: live('live', 90, [2, 1]) };
        }}
      >
        <GameFromQuery
          queryKey="other"
          answer={() => {
            answers.other += 1;
            return { matchId: 'm9', live: live('live', 80, [0, 0]) };
          }}
        />
        <LiveList onAnswer={() => (answers.list += 1)} />
      </Harness>,
    );
    await screen.findByTestId('game');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    expect(answers).toEqual({ game: 1, other: 1, list: 1 });

    act(() => {
      fakeSocketServer.emit('match', matchEvent('m1', live('finished', null, [2, 1])));
      fakeSocketServer.emit('match', matchEvent('m2', live('finished', null, [0, 0])));
    });
    await act(() => vi.advanceTimersByTimeAsync(FINISHED_REFETCH_DELAY_MS - 100));
    expect(answers.game).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(answers.game).toBe(2));
    // Nothing of m1 in these: the live list carries states, not results.
    expect(answers.other).toBe(1);
    expect(answers.list).toBe(1);
  });
});

function LiveList({ onAnswer }: { onAnswer: () => void }) {
  useQuery({
    queryKey: ['list'],
    queryFn: async () => {
      onAnswer();
      return { success: true, day: '2026-11-24', matches: [liveMatch({ _id: 'm1' })] };
    },
  });
  return null;
}
