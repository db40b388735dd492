import { useMemo, useRef } from 'react';
import { NetworkError } from './api-client.ts';

/** 32 hex characters. getRandomValues, unlike randomUUID, also exists on plain-http deployments. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a money-moving request: the same key while the same request is
 * unsettled, so sending it again after a lost answer (a network failure: it may have arrived) moves
 * money once; a new key once it was answered (done or refused), or for a different request.
 */
export function useRequestKey() {
  const unsettled = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request: unknown): string {
        const text = JSON.stringify(request);
        if (unsettled.current?.request !== text)
          unsettled.current = { request: text, key: newIdempotencyKey() };
        return unsettled.current.key;
      },
      /** After an answer; a network failure keeps the key for the same request sent again. */
      settled(error?: unknown): void {
        if (!(error instanceof NetworkError)) unsettled.current = null;
      },
    }),
    [],
  );
}
