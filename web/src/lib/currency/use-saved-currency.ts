import { useEffect } from 'react';
import { useSession } from '../session/session-context.ts';
import { useCurrency } from './currency-context.ts';

/**
 * A signed-in user's saved display currency (preferences) wins over this browser's last choice, so it
 * follows them to a new phone; it applies when the session's user arrives or their choice changes.
 */
export function useSavedCurrency(): void {
  const { user } = useSession();
  const { setCurrency } = useCurrency();
  const saved = user?.displayCurrency ?? null;
  useEffect(() => {
    if (saved) setCurrency(saved);
  }, [saved, setCurrency]);
}
