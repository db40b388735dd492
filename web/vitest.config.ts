import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // Two files at once: much of a screen test is waiting (a mocked answer, a lazy chunk), so on
      // the 2-core CI machine two workers take about 60% of the time of Vitest's default (one).
      maxWorkers: 2,
      // One jsdom and one load of the app's modules per worker, not per file: they were half of the
      // suite's time on the 2-core CI machine (375 s → 185 s). The setup file's afterEach clears what
      // a test leaves (the DOM, storage, query cache, live states, timers, toasts).
      isolate: false,
      // Whole-app renders load route chunks on first use; the 2-core CI machine needs headroom.
      testTimeout: 20_000,
      unstubGlobals: true,
    },
  }),
);
