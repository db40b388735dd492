import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { type Raw, setServerAppConfig } from './config/app-config.ts';
import { setApiTransport } from './lib/api-client.ts';
import {
  publicQueryClientConfig,
  ServerQueryClientContext,
  type ServerState,
} from './lib/server-render/public-query-client.ts';
import { isVisitorSpecific } from './lib/server-render/query-meta.ts';
import { pinRenderTime } from './lib/server-render/render-clock.ts';

/*
 * The server's way into the app (decision 018): the same routes and components as main.tsx, rendered to
 * HTML for a visitor. Built by `vite build --ssr` into web/dist-server/, loaded by the API server
 * (server/src/web/server-render.ts), which caches what this returns.
 */

export interface RenderRequest {
  /** The page's address: path and query string. */
  url: string;
  /** The same config the page's HTML carries in `#app-config`. */
  appConfig: Raw;
  /** Answers an API request in-process, as the server answers a visitor's browser (no session). */
  fetchApi: (url: string, init: RequestInit) => Promise<Response>;
}

export interface RenderedPage {
  /** The markup inside `#root`. */
  html: string;
  /** The answers the page was rendered from, for the browser's query cache, and when it was rendered. */
  state: ServerState;
  /** False when some data could not be loaded: that part renders as loading, and the page is not kept long. */
  complete: boolean;
}

/** A page needs at most this many passes: one to find its queries, one per round of dependent queries. */
const MAX_PASSES = 3;

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

async function renderToHtml(url: string, client: QueryClient): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerQueryClientContext.Provider value={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ServerQueryClientContext.Provider>
    </StrictMode>,
    {
      // Every boundary written in place, never sent later for an inline script to move in: the Content
      // Security Policy allows no inline script, and a prerendered page has nothing left to stream.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  // A component that threw would leave a client-rendered hole; the caller sends the plain shell instead.
  if (errors.length > 0) throw errors[0];
  return html;
}

/**
 * Renders until the page asks for no data it does not have: React does not fetch on the server, so each
 * pass collects the queries the page's components created, runs those every visitor would run (through
 * `fetchApi`, the server's own routes), and renders again with their answers.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  setApiTransport(request.fetchApi);
  setServerAppConfig(request.appConfig);
  // No retries here: a failed answer renders as loading and the browser makes its own attempts.
  const client = new QueryClient({
    defaultOptions: { queries: { ...publicQueryClientConfig.defaultOptions?.queries, retry: false } },
  });
  const attempted = new Set<string>();
  let complete = true;
  try {
    for (let pass = 1; ; pass++) {
      const renderedAt = Date.now();
      pinRenderTime(renderedAt);
      const html = await renderToHtml(request.url, client);
      const wanted = client
        .getQueryCache()
        .getAll()
        .filter(
          (query) =>
            query.state.status === 'pending' &&
            !attempted.has(query.queryHash) &&
            !isVisitorSpecific(query.meta) &&
            isEnabled(query),
        );
      if (wanted.length === 0 || pass === MAX_PASSES) {
        return {
          html,
          state: { renderedAt, queries: dehydrate(client) },
          complete: complete && wanted.length === 0,
        };
      }
      await Promise.all(
        wanted.map(async (query) => {
          attempted.add(query.queryHash);
          try {
            await query.fetch();
          } catch {
            // Rendered as loading, as the browser would show it before its own attempt.
            client.removeQueries({ queryKey: query.queryKey, exact: true });
            complete = false;
          }
        }),
      );
    }
  } finally {
    client.clear();
  }
}
