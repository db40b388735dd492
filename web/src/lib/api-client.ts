import type { ErrorCode, FieldError } from '@cashtips/contract/errors';
import { readStorage, storageKeys } from './storage-keys.ts';

export const API_BASE = '/api';

/** The server answered with an error status. `message` is the server's human sentence. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly errors: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Network error. Check your connection and try again.', { cause });
  }
}

/** The user token first, the admin token as fallback; the admin token may be stored wrapped in quotes. */
export function getBearerToken(): string | null {
  const token = readStorage(storageKeys.token);
  if (token) return token;
  const adminToken = readStorage(storageKeys.adminToken)?.replace(/^"+|"+$/g, '');
  return adminToken || null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a request reaches the API: the browser's fetch, or, while the server renders a public page, the
 * server's own routes answering in-process (entry-server.tsx), so a page is rendered from exactly the
 * answers a visitor's browser would get.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

export function setApiTransport(next: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = next;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toApiError(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const record = isRecord(body) ? body : {};
  const message = typeof record.message === 'string' ? record.message : '';
  const code = typeof record.code === 'string' ? (record.code as ErrorCode) : undefined;
  const errors = Array.isArray(record.errors)
    ? record.errors.filter(
        (item): item is FieldError =>
          isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
      )
    : [];
  let retryAfter = typeof record.retryAfterSeconds === 'number' ? record.retryAfterSeconds : undefined;
  if (retryAfter === undefined && retryAfterHeader && /^\d+$/.test(retryAfterHeader)) {
    retryAfter = Number(retryAfterHeader);
  }
  return new ApiError(status, code, message, errors, retryAfter);
}

/** Paths are given without the /api base: `request('POST', '/auth/login', ...)`. */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(method, path, options)).body;
}

/** `request`, also handing back the response headers (lists that page through `X-Total-Count` and the like). */
export async function requestWithHeaders<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getBearerToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;

  const normalisedPath = path.replace(/^\/api(?=\/)/, '');
  let response: Response;
  try {
    response = await transport(`${API_BASE}${normalisedPath}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && typeof window !== 'undefined' && window.location.pathname !== '/login') {
      // Spec: a 401 outside the login page is only logged; the session check decides about logging out.
      console.warn(`Unauthorized request: ${method} ${normalisedPath}`);
    }
    throw toApiError(response.status, body, response.headers.get('Retry-After'));
  }
  return { body: body as T, headers: response.headers };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};

/** The server's sentence when it gave one, a connection hint when there was no answer, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}
