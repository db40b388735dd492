import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** Once `done`, goes to /login after the spec's delay for that screen (left early, the timer is dropped). */
export function useRedirectToLogin(done: boolean, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(paths.login), delayMs);
    return () => window.clearTimeout(timer);
  }, [done, delayMs, navigate]);
}
