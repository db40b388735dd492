import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (routes match on the path alone). */
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A reply, a function computing one from the request, or 'network-error' for a failed connection. */
export type MockRoute =
  | MockReply
  | 'network-error'
  | ((body: unknown, url: URL) => MockReply | Promise<MockReply>);

/**
 * Stubs global fetch, the HTTP boundary, with a table of `'METHOD /api/path'` routes. Unknown routes answer
 * 404 like the server would. Returns the recorded calls.
 */
export function mockApi(routes: Record<string, MockRoute>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: { ...(init.headers as Record<string, string>) },
    });
    const route = routes[`${method} ${url.pathname}`];
    if (route === 'network-error') throw new TypeError('Failed to fetch');
    const reply: MockReply = route
      ? typeof route === 'function'
        ? await route(body, url)
        : route
      : { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Never settles: keeps a request in flight for loading-state assertions. */
export function pending(): Promise<MockReply> {
  return new Promise(() => undefined);
}
