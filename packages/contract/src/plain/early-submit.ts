/**
 * A server-rendered form that may be sent before the app has loaded (decision 018): the page's start
 * script (server `web/page-scripts.ts`) holds a submission back and marks the form, the app sends it
 * once it has taken the form over (web `lib/early-submit.tsx`). The attribute's values:
 * `waiting` as rendered, `pending` once a submission is held, `ready` once the app handles the form.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export type EarlySubmitState = 'waiting' | 'pending' | 'ready';
