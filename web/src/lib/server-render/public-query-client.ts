import { type DehydratedState, hydrate, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { createContext } from 'react';
import { pinRenderTime } from './render-clock.ts';

/** The id of the script element holding the data a server-rendered page was rendered with. */
export const SERVER_STATE_ID = 'server-state';

/** What that element holds (entry-server.tsx writes it). */
export interface ServerState {
  /** When the server rendered the page (ms since the epoch): the screens render at that time while hydrating. */
  renderedAt: number;
  queries: DehydratedState;
}

/** The public shell's query settings, the same on the server and in the browser. */
export const publicQueryClientConfig: QueryClientConfig = {
  defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
};

/** The server hands the client it rendered with to the public shell through this; absent in the browser. */
export const ServerQueryClientContext = createContext<QueryClient | null>(null);

let serverStateTaken = false;

/**
 * The public shell's query cache. In the browser, on the first page of a visit that the server rendered,
 * it starts with the answers the server rendered that page from: the page hydrates with the same data
 * and fetches nothing again.
 */
export function createPublicQueryClient(): QueryClient {
  const client = new QueryClient(publicQueryClientConfig);
  const element = serverStateTaken ? null : document.getElementById(SERVER_STATE_ID);
  if (element?.textContent) {
    try {
      const state = JSON.parse(element.textContent) as ServerState;
      hydrate(client, state.queries);
      pinRenderTime(state.renderedAt);
    } catch {
      // Unreadable: the page fetches its data as if it had not been rendered on the server.
    }
  }
  return client;
}

/**
 * Called once the first page is on screen: a later public shell (after signing out, say) starts empty
 * rather than from the first page's answers.
 */
export function serverStateUsed(): void {
  serverStateTaken = true;
  pinRenderTime(null);
}
