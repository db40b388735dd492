import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session/session-context.ts';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { token, user, loading } = useSession();
  if (loading) return <PageSpinner label="Authenticating..." />;
  if (!token || !user) return <Navigate to={paths.login} replace />;
  return children;
}
