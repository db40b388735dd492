import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './register-service-worker.ts';

/**
 * A browser with service workers whose register() answers `result`; `controller` is the worker that
 * loaded the page (none on a first visit), `postMessage` the one that becomes active.
 */
function stubServiceWorker(
  result: Promise<unknown> = Promise.resolve({}),
  { controller = null as object | null } = {},
) {
  const register = vi.fn(() => result);
  const postMessage = vi.fn();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, controller, ready: Promise.resolve({ active: { postMessage } }) },
  });
  return Object.assign(register, { postMessage });
}

/** Idle callbacks the test runs itself, so it sees that registering waits for one. */
function stubIdle() {
  const callbacks: IdleRequestCallback[] = [];
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((callback: IdleRequestCallback) => callbacks.push(callback)),
  );
  return () => {
    for (const callback of callbacks.splice(0)) callback({ didTimeout: false, timeRemaining: () => 10 });
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('registers the push worker’s address for the whole site, after the load event, when the browser is idle', () => {
    const register = stubServiceWorker();
    const runIdle = stubIdle();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');

    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledExactlyOnceWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(SERVICE_WORKER_URL).toBe('/push-sw.js');
  });

  it('waits only for idle time when the page has already loaded', () => {
    const register = stubServiceWorker();
    const runIdle = stubIdle();
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('on a page the worker did not load, sends it the hashed files the page loaded, to keep', async () => {
    const { postMessage } = stubServiceWorker();
    const runIdle = stubIdle();
    const resources = [
      `${location.origin}/assets/react-abc123.js`,
      `${location.origin}/assets/index-def456.css`,
      `${location.origin}/favicon.svg`,
      `${location.origin}/api/booking-codes?page=1`,
      'https://fonts.example.com/assets/font.woff2',
    ].map((name) => ({ name }) as PerformanceEntry);
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
      type === 'resource' ? resources : [],
    );
    registerServiceWorker();
    runIdle();
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalled());
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({
      type: 'save-page',
      assets: ['/assets/react-abc123.js', '/assets/index-def456.css'],
    });
  });

  it('sends nothing on a page the worker loaded: its files went through it already', async () => {
    const register = stubServiceWorker(Promise.resolve({}), { controller: {} });
    const runIdle = stubIdle();
    registerServiceWorker();
    runIdle();
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(register.postMessage).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', () => {
    const runIdle = stubIdle();
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker()).not.toThrow();
    runIdle();
    expect(requestIdleCallback).not.toHaveBeenCalled();
  });

  it('only logs a failed registration', async () => {
    const failure = new Error('SecurityError');
    stubServiceWorker(Promise.reject(failure));
    const runIdle = stubIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    registerServiceWorker();
    runIdle();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not register the service worker', failure),
    );
  });
});
