import { SESSION_HINT_COOKIE } from '@cashtips/contract/session-hint';

/** About 400 days, the longest a browser keeps a cookie; the session's own end is the token's business. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** Tells the server which HTML to send this browser's public pages (contract `session-hint.ts`). */
export function setSessionHint(signedIn: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which our users have.
  document.cookie = signedIn
    ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
