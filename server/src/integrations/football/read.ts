import { addLagosDays, isLagosDay, type LagosDay } from '@cashtips/contract/lagos-time';
import { type Goals, ProviderError } from './provider.ts';

/**
 * What both football adapters share: one GET with a timeout whose failures all become
 * ProviderError('unavailable'), and careful readers for JSON whose shape the provider decides.
 */

export type Json = Record<string, unknown>;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed body; undefined when it was not JSON. */
  body: unknown;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export async function getJson(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  providerLabel: string,
): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, { method: 'GET', headers, signal: AbortSignal.timeout(timeoutMs) });
    // Inside the try: the timeout also covers a body that stops arriving halfway.
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError(
      'unavailable',
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

/** Provider ids worth asking about: numeric (both providers' ids are), each once, in order. */
export function numericIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^\d+$/.test(id)))];
}
