import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms`, or less when `signal` aborts first (or already has); never rejects. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await wait(ms, undefined, { signal }).catch(() => undefined);
}
