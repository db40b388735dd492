import type { Restriction } from '@cashtips/contract/protection';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api-client.ts';
import { getMe } from './get-me.ts';
import { isMeResponse } from './is-user.ts';
import { useSession } from './session-context.ts';

/** setTimeout's longest delay (about 24.8 days): a later end is waited for in several steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A restriction still in force at `now`; one whose end has passed is none, as for the server. */
export function activeRestriction(
  restriction: Restriction | null | undefined,
  now: number = Date.now(),
): Restriction | null {
  if (!restriction) return null;
  const end = Date.parse(restriction.until);
  return Number.isFinite(end) && end > now ? restriction : null;
}

/**
 * The one place the web app decides whether the signed-in user is on a time-out or self-exclusion
 * (PRODUCT 13): the deposit, buy and subscribe screens read it to say so instead of offering the
 * action. An open screen offers the action again by itself once the restriction ends.
 */
export function useRestriction(): Restriction | null {
  const { user } = useSession();
  // When the screen last checked the clock: the timer below moves it at the restriction's end.
  const [checkedAt, setCheckedAt] = useState(Date.now);
  const active = activeRestriction(user?.restriction);
  const until = active?.until;

  useEffect(() => {
    if (!until) return;
    // A wait longer than a timer allows is taken in steps: each step moves checkedAt and re-arms.
    const now = Math.max(checkedAt, Date.now());
    const wait = Math.min(Math.max(Date.parse(until) - now, 0) + 500, LONGEST_TIMER_MS);
    const timer = window.setTimeout(() => setCheckedAt(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [until, checkedAt]);

  return active;
}

/**
 * After a refusal with code RESTRICTED (a break started on another device), the session's user is read
 * again so every screen shows the restriction instead of offering the action once more.
 */
export function useRefreshOnRestriction(): (error: unknown) => void {
  const { user, updateUser } = useSession();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.code !== 'RESTRICTED' || !user) return;
      getMe()
        .then((response) => {
          if (isMeResponse(response)) updateUser(response.user);
        })
        .catch(() => undefined);
    },
    [user, updateUser],
  );
}
