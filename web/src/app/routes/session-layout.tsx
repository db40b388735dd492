import { Outlet } from 'react-router';
import { SessionProvider } from '../../lib/session/session-provider.tsx';

/**
 * Every screen that reads or changes the session sits under this layout. The landing page does not,
 * so the session code and API client stay out of its bundle.
 */
export default function SessionLayoutRoute() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
