import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Route chunks are transformed on first import, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });

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

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  const { default: toast } = await import('react-hot-toast');
  toast.remove();
});
