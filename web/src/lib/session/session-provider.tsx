import type { User } from '@cashtips/contract/auth';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError, NetworkError } from '../api-client.ts';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../storage-keys.ts';
import { toast } from '../toast.ts';
import { getMe } from './get-me.ts';
import { isMeResponse, parseStoredUser } from './is-user.ts';
import { logoutRequest } from './logout.ts';
import { type Session, SessionContext, type SignOutDestination } from './session-context.ts';
import { setSessionHint } from './session-hint.ts';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

interface StoredSession {
  token: string | null;
  user: User | null;
}

function readStoredSession(): StoredSession {
  const token = readStorage(storageKeys.token);
  const user = parseStoredUser(readStorage(storageKeys.user));
  // Both or nothing: half a session is a logged-out visitor.
  return token && user ? { token, user } : { token: null, user: null };
}

/** Server trouble (no answer, 5xx) says nothing about the session, so the stored one is kept. */
function isTransient(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [initial] = useState(readStoredSession);
  const [token, setToken] = useState<string | null>(initial.token);
  const [user, setUser] = useState<User | null>(initial.user);
  const [loading, setLoading] = useState(initial.token !== null);

  // Whenever the token becomes empty the stored session goes too; setting it saves it.
  useEffect(() => {
    if (token) {
      writeStorage(storageKeys.token, token);
      writeStorage(storageKeys.authToken, token);
    } else {
      removeStorage(storageKeys.token, storageKeys.user, storageKeys.authToken);
    }
    setSessionHint(token !== null);
  }, [token]);

  useEffect(() => {
    if (user) writeStorage(storageKeys.user, JSON.stringify(user));
  }, [user]);

  useEffect(() => {
    if (!initial.token) return;
    const controller = new AbortController();
    const expire = () => {
      setToken(null);
      setUser(null);
      removeStorage(storageKeys.token, storageKeys.user, storageKeys.authToken);
      toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    };
    getMe(controller.signal)
      .then((response) => {
        if (controller.signal.aborted) return;
        if (isMeResponse(response)) setUser(response.user);
        else expire();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isTransient(error)) {
          console.warn('Could not confirm the session; keeping the stored one for now.', error);
          return;
        }
        expire();
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [initial.token]);

  const login = useCallback(
    (nextToken: string, nextUser: User) => {
      // Saved at once so requests made right after navigation already carry the token.
      writeStorage(storageKeys.token, nextToken);
      writeStorage(storageKeys.authToken, nextToken);
      writeStorage(storageKeys.user, JSON.stringify(nextUser));
      setSessionHint(true);
      setToken(nextToken);
      setUser(nextUser);
      setLoading(false);
      toast.success('Logged in successfully');
      navigate(paths.dashboard, { replace: true });
    },
    [navigate],
  );

  const logout = useCallback(
    (after?: SignOutDestination) => {
      // Fired before clearing so it still carries the bearer; a failure changes nothing for the user.
      logoutRequest().catch(() => undefined);
      removeStorage(storageKeys.token, storageKeys.user, storageKeys.authToken);
      setSessionHint(false);
      toast.success(after?.message ?? 'Logged out successfully');
      navigate(after?.to ?? paths.login, { replace: true });
      // The router moves in a transition: the session is cleared in one too, so the page left behind never
      // renders signed out (its guard would send the user to the login page instead of `after.to`).
      startTransition(() => {
        setToken(null);
        setUser(null);
      });
    },
    [navigate],
  );

  const updateUser = useCallback((nextUser: User) => setUser(nextUser), []);

  const value = useMemo<Session>(
    () => ({ token, user, loading, login, logout, updateUser }),
    [token, user, loading, login, logout, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
