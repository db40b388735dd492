import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the app's modules (and PGlite's WebAssembly) once for all its files rather than
    // once per file: that loading was a third of the suite's time on the 2-core CI machine (509 s →
    // 270 s). Every test builds its own app and database (test/test-app.ts), so no state is shared.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
