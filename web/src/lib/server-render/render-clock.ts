let pinned: number | null = null;

/**
 * The time a screen renders at. On the server, and in the browser while it hydrates the server's HTML,
 * it is the time the server rendered that page: countdowns and "today" come out the same in both, as
 * hydration requires. Otherwise it is now.
 */
export function renderNow(): number {
  return pinned ?? Date.now();
}

/** Pins `renderNow` to the server's render time (null: back to the real clock). */
export function pinRenderTime(at: number | null): void {
  pinned = at;
}
