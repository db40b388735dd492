import { beforeAll } from 'vitest';

/**
 * Loads a screen's modules before a file's first render. Cold, the profile screen alone took 8 s at a
 * load of 13 on the 2-core machine, beyond the 5 s a test waits for its first field; warm, a render
 * takes a fraction of that.
 */
export function preloadScreens(...loaders: Array<() => Promise<unknown>>): void {
  beforeAll(async () => {
    await Promise.all([import('../app/session-routes.tsx'), ...loaders.map((load) => load())]);
  }, 60_000);
}
