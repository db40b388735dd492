import { addLagosDays, isLagosDay, type LagosDay } from '@cashtips/contract/lagos-time';
import { type Goals, ProviderError, type ProviderQuota } from './provider.ts';

/**
 * What both football adapters share: their GETs (a timeout whose failures all become
 * ProviderError('unavailable'), the quota the answers tell, HTTP failures as the provider's protocol
 * reads them), and careful readers for JSON whose shape the provider decides.
 */

export type Json = Record<string, unknown>;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed body; undefined when it was not JSON. */
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** What an adapter is built with; `fetch` and `timeoutMs` are for tests. */
export interface ProviderOptions {
  key: string;
  /** The API root without a trailing slash (football-data.org's with `/v4`). */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Where the two providers' protocols differ around a GET. */
export interface ProviderProtocol {
  /** The provider's name in error messages. */
  label: string;
  /** The header that carries the key. */
  keyHeader: string;
  /** Copies what an answer's headers say about the calls left into `quota`. */
  readQuota(headers: Headers, quota: ProviderQuota): void;
  /** The error a non-2xx answer stands for (null for a 2xx one); `quota` already holds its headers. */
  httpFailure(answer: HttpAnswer, quota: ProviderQuota): ProviderError | null;
}

/** The base of both adapters: their GETs, and the quota as the latest answers told it. */
export abstract class ProviderAdapter {
  readonly #key: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #protocol: ProviderProtocol;
  readonly #quota: ProviderQuota = {
    dayLimit: null,
    dayRemaining: null,
    minuteLimit: null,
    minuteRemaining: null,
    minuteResetSeconds: null,
  };

  constructor(options: ProviderOptions, protocol: ProviderProtocol) {
    this.#key = options.key;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? fetch;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#protocol = protocol;
  }

  quota(): ProviderQuota {
    return { ...this.#quota };
  }

  /**
   * The JSON object `path` answers with these query parameters. The quota is read before the status
   * is judged: a refusal's headers are what tell a spent day from a busy minute.
   */
  protected async get(path: string, params: Record<string, string>): Promise<Json> {
    const { label, keyHeader } = this.#protocol;
    const url = `${this.#baseUrl}${path}?${new URLSearchParams(params)}`;
    const answer = await getJson(this.#fetch, url, { [keyHeader]: this.#key }, this.#timeoutMs, label);
    this.#protocol.readQuota(answer.headers, this.#quota);
    const failure = this.#protocol.httpFailure(answer, this.#quota);
    if (failure) throw failure;
    if (answer.body === undefined || typeof answer.body !== 'object' || answer.body === null) {
      throw new ProviderError('unavailable', `${label} answered ${answer.status} without JSON`);
    }
    return record(answer.body);
  }
}

/**
 * A GET whose every failure to answer (refused, reset, slower than `timeoutMs` to send its whole body)
 * becomes `unavailable(reason)`; the body is parsed as JSON where it is JSON. Shared with the
 * bookmaker adapters, whose pitfalls are the same.
 */
export async function getJson(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  providerLabel: string,
  unavailable: (reason: string) => Error = (reason) => new ProviderError('unavailable', reason),
): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, { method: 'GET', headers, signal: AbortSignal.timeout(timeoutMs) });
    // Inside the try: the timeout also covers a body that stops arriving halfway.
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw unavailable(
      timedOut
        ? `${providerLabel} did not answer within ${timeoutMs} ms`
        : `${providerLabel} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body };
}

export function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * A name as people read it: spaces at either end dropped and runs of spaces made one (a provider's
 * ' Arsenal' registered a second Arsenal); null when nothing is left.
 */
export function displayName(value: unknown): string | null {
  const name = text(value)?.replace(/\s+/g, ' ').trim();
  return name ? name : null;
}

/** Each name once, in order (compared without case), the empty ones dropped. */
export function nameForms(...values: unknown[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const value of values) {
    const name = displayName(value);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** A whole number given as a number or as digits (providers send both). */
export function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** A decimal price given as a number or a string ('1.45'); null unless it is a usable price. */
export function decimalOdds(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(number) && number > 1 ? number : null;
}

export function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value === null ? null : wholeNumber(value);
}

/** `{home, away}` with both sides known, else null: a half-known score settles nothing. */
export function goals(value: unknown): Goals | null {
  const side = record(value);
  const home = wholeNumber(side.home);
  const away = wholeNumber(side.away);
  return home === null || away === null ? null : { home, away };
}

/** The score to show: a side the provider left null counts 0 once the other side is known. */
export function shownScore(value: unknown): Goals | null {
  const side = record(value);
  const home = wholeNumber(side.home);
  const away = wholeNumber(side.away);
  if (home === null && away === null) return null;
  return { home: home ?? 0, away: away ?? 0 };
}

export function sameGoals(a: Goals, b: Goals): boolean {
  return a.home === b.home && a.away === b.away;
}

/** '1-2', or 'none' for a score the provider did not give: for reasons an admin reads. */
export function describeGoals(value: Goals | null): string {
  return value ? `${value.home}-${value.away}` : 'none';
}

export function toDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Every Lagos day from `from` to `to` inclusive; a malformed or reversed range is a caller's mistake. */
export function lagosDaysFromTo(from: string, to: string): LagosDay[] {
  if (!isLagosDay(from) || !isLagosDay(to) || to < from) {
    throw new RangeError(`a fixtures range must be two Lagos days in order, got ${from} to ${to}`);
  }
  const days: LagosDay[] = [];
  for (let day = from; day <= to; day = addLagosDays(day, 1)) days.push(day);
  return days;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** The leagues a fixtures query follows, as FOOTBALL_DATA_LEAGUES lists them: trimmed, each once. */
export function followedLeagues(leagues: readonly string[]): Set<string> {
  return new Set(leagues.map((league) => league.trim()).filter(Boolean));
}

/** Provider ids worth asking about: numeric (both providers' ids are), each once, in order. */
export function numericIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^\d+$/.test(id)))];
}
