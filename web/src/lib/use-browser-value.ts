import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * A value only the browser knows (local storage, the network state): `serverValue` while the page is
 * rendered on the server and while the browser hydrates that HTML, so both render the same markup, then
 * the browser's own value in the next render. A page rendered in the browser alone reads it at once.
 * `read` must return the same value for the same state (a string or a boolean, not a new object).
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noChanges, read, () => serverValue);
}

const inBrowser = () => true;

/**
 * False on the server and while the browser hydrates, true from the next render: what a server-rendered
 * form cannot do before the app has taken it over (a sign-in form's early submission is held meanwhile,
 * lib/early-submit.tsx).
 */
export function useHydrated(): boolean {
  return useBrowserValue(inBrowser, false);
}
