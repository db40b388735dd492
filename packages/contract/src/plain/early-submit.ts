/**
 * A server-rendered form that may be sent before the app has loaded (decision 018): the page's start
 * script (server `web/page-scripts.ts`) holds a submission back and marks the form, the app sends it
 * once it has taken the form over (web `lib/early-submit.tsx`). The attribute's values:
 * `waiting` as rendered, `pending` once a submission is held, `ready` once the app handles the form.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export type EarlySubmitState = 'waiting' | 'pending' | 'ready';

/**
 * Under such a form's button when the browser runs no script at all: the form is then posted to its own
 * page, which the server answers by showing it again (server `web/static-web.ts`).
 */
export const NEEDS_SCRIPTS_NOTICE =
  'This form needs JavaScript: turn it on in your browser’s settings, then reload the page.';
