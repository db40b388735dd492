import type { SessionView } from '@cashtips/contract/account';
import { badgeClass } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock-icon.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';
import { describeUserAgent, lastActive } from '../lib/describe-user-agent.ts';

const othersEndedText = (count: number) =>
  count === 0
    ? 'No other sessions were signed in.'
    : `Signed out ${count} other ${count === 1 ? 'session' : 'sessions'}.`;

/** Security tab, login history (PRODUCT 9): where the account is signed in, with sign-out of the others. */
export function LoginHistory() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: (response) => toast.success(othersEndedText(response.ended)),
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not sign out the other sessions. Please try again.')),
    });

  return (
    <section aria-labelledby="login-history-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div>
        <h2 id="login-history-title" className="text-lg font-bold text-white">
          Login history
        </h2>
        <p className="text-sm text-emerald-100/75">
          Where your account is signed in. Sign out any device you don’t recognise, then change your password.
        </p>
      </div>
      {sessions.isPending ? (
        <div role="status" aria-label="Loading sessions" className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-[5.5rem] w-full rounded-xl" />
          ))}
        </div>
      ) : sessions.isError ? (
        <ErrorState
          title="Could not load your sessions"
          message={errorMessage(sessions.error, 'Please try again.')}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : sessions.data.length === 0 ? (
        <EmptyState
          icon={<ClockIcon className="size-6" />}
          title="No sessions"
          message="Sessions appear here once you sign in on a device."
        />
      ) : (
        <>
          <ul aria-label="Sessions" className="flex flex-col gap-3">
            {sessions.data.map((session) => (
              <SessionRow key={session._id} session={session} />
            ))}
          </ul>
          {others > 0 && (
            <Button
              variant="secondary"
              loading={revokeOthers.isPending}
              onClick={signOutOthers}
              className="w-full sm:w-auto sm:self-start"
            >
              Sign out all other sessions
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function SessionRow({ session }: { session: SessionView }) {
  const now = useNow();
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);

  const signOut = () =>
    revoke.mutate(session._id, {
      onSuccess: (response) => toast.success(response.message),
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not sign out that session. Please try again.')),
    });

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl bg-emerald-950/50 px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-white">{device}</p>
          {session.current && (
            <span className={`${badgeClass} bg-lime-400/15 text-lime-200`}>This device</span>
          )}
        </div>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-emerald-100/75 sm:grid-cols-3">
          <div className="flex min-w-0 gap-1">
            <dt>IP</dt>
            <dd className="min-w-0 font-mono break-all text-emerald-50">{session.ip ?? 'Unknown'}</dd>
          </div>
          <div className="flex min-w-0 gap-1">
            <dt>Signed in</dt>
            <dd className="text-emerald-50">
              <time dateTime={session.createdAt} title={formatDateTime(session.createdAt)}>
                {formatDate(session.createdAt)}
              </time>
            </dd>
          </div>
          <div className="flex min-w-0 gap-1">
            <dt>Last active</dt>
            <dd className="text-emerald-50">
              <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                {session.current ? 'Now' : lastActive(session.lastSeenAt, now, formatDate)}
              </time>
            </dd>
          </div>
        </dl>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          loading={revoke.isPending}
          onClick={signOut}
          aria-label={`Sign out ${device}${session.ip ? ` (${session.ip})` : ''}`}
          className="w-full shrink-0 sm:w-auto"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
