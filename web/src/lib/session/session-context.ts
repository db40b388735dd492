import type { User } from '@cashtips/contract/auth';
import { createContext, useContext } from 'react';

export interface SignOutDestination {
  to: string;
  message: string;
}

export interface Session {
  token: string | null;
  user: User | null;
  /** True while a stored session is being confirmed with the server. */
  loading: boolean;
  login: (token: string, user: User) => void;
  /** Signs out to the login page; `after` sends the user elsewhere with another message (a closed account). */
  logout: (after?: SignOutDestination) => void;
  /** Replaces the signed-in user (e.g. fresh wallet balances) and saves it. */
  updateUser: (user: User) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
