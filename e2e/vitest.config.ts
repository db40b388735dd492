import { defineConfig } from 'vitest/config';

// End-to-end stories drive Debian's Chromium against the built app served by the real server.
export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    // Creates and migrates one database that every story's server starts from a copy of.
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // The walks that look at every screen (responsive, public pages) run their widths and sizes side
    // by side, all six at once: each mostly waits on page loads, so together they keep both cores busy.
    maxConcurrency: 6,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
