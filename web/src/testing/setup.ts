import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeSocketServer } from './fake-socket-server.ts';

// Route chunks are transformed on first import, which can take seconds on a busy machine with two
// test files running at once (5 s was once missed by a screen's first test in CI).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks matchMedia (react-hot-toast reads prefers-reduced-motion) and scrollTo.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// The signed-in layout opens a Socket.IO connection; it reaches this fake server, never the network.
fakeSocketServer.install();

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  fakeSocketServer.reset();
  // One query cache per test, as if each test were a fresh visit.
  const { queryClient } = await import('../lib/query-client.ts');
  queryClient.clear();
  // Match states heard in one test are not another's.
  const { resetLiveMatches } = await import('../lib/live-matches.ts');
  resetLiveMatches();
  vi.useRealTimers();
  const { default: toast } = await import('react-hot-toast');
  toast.remove();
});
