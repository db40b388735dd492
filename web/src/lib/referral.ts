import { storageKeys, writeStorage } from './storage-keys.ts';

/** Keeps `?ref=CODE` from any page so sign-up can send it later. */
export function captureReferral(search: string): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (code && code.length <= 32) writeStorage(storageKeys.referralCode, code);
}
