/** Local storage keys (the spec's, and ours); other code reads and writes storage only through these. */
export const storageKeys = {
  token: 'token',
  adminToken: 'adminToken',
  user: 'user',
  currency: 'currency',
  authToken: 'authToken',
  cookieAccepted: 'cookieAccepted',
  referralCode: 'referralCode',
  /** The newest announcement the dashboard banner was dismissed at; a newer one shows it again. */
  dismissedBanner: 'dismissedAnnouncement',
  /** '1' while the dashboard shows its compact widgets (fewer items each). */
  dashboardCompact: 'dashboardCompact',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Storage can throw (Safari private mode, disabled storage); the app must keep working without it. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the in-memory state still works for this visit.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See writeStorage.
    }
  }
}
