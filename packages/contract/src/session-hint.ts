/**
 * A cookie the web app sets while this browser holds a session (the session itself is a bearer token in
 * local storage, which the server never sees on a page request). With it, the server answers a public
 * page with the app's shell instead of the visitor's rendered HTML, so a signed-in user never sees the
 * visitor's layout first. It proves nothing and grants nothing: it only picks which HTML to send.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
