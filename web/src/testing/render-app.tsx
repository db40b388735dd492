import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../app/router.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface RenderAppOptions {
  state?: unknown;
  /** Fake timers for redirect delays and countdowns; real promises keep resolving. */
  fakeTimers?: boolean;
}

/** Renders the real app (routes, lazy screens, session, toasts) at `path` in memory. */
export function renderApp(path = '/', { state, fakeTimers = false }: RenderAppOptions = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup(
    fakeTimers ? { delay: null, advanceTimers: vi.advanceTimersByTime } : { delay: null },
  );
  const [pathname = '/', search = ''] = path.split('?');
  const result = render(
    <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { user, ...result };
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
