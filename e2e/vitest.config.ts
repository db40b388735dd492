import { defineConfig } from 'vitest/config';

// End-to-end stories drive Debian's Chromium against the built app served by the real server.
export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
