import type { ProviderStatus } from '@cashtips/contract/football';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { ApiError, errorMessage, NetworkError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFootballStatus } from '../api/get-football-status.ts';
import { useSyncFootball } from '../api/sync-football.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime } from '../utils/format.ts';
import { Badge } from './badge.tsx';
import { providerName } from './match-football.tsx';

/** Fewer calls left than this share of the day's quota is worth the admin's eye (the poller slows down). */
const LOW_QUOTA_SHARE = 0.1;

/** '3 min ago', '2 h ago' beside a recent time; nothing for older ones (the date says it). */
export function agoText(iso: string, now: number): string {
  const minutes = Math.round((now - new Date(iso).getTime()) / 60_000);
  if (Number.isNaN(minutes) || minutes < 0) return '';
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : '';
}

function When({ iso, never }: { iso: string | null; never: string }) {
  if (!iso) return <span className="text-emerald-100/60">{never}</span>;
  const ago = agoText(iso, Date.now());
  return (
    <>
      <time dateTime={iso} className="block">
        {formatDateTime(iso)}
      </time>
      {ago && <span className="block text-xs text-emerald-200/60">{ago}</span>}
    </>
  );
}

function Item({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs text-emerald-200/65">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words text-white tabular-nums">{children}</dd>
    </div>
  );
}

function CallsLeftToday({ status }: { status: ProviderStatus }) {
  const { callsLeftToday: left, callsPerDay: perDay } = status;
  if (left === null) return <span className="font-normal text-emerald-100/60">Not known yet</span>;
  const low = perDay !== null && perDay > 0 && left < perDay * LOW_QUOTA_SHARE;
  return (
    <span className={low ? 'text-amber-200' : undefined}>
      {formatCount(left)}
      {perDay !== null && <span className="font-normal text-emerald-100/70"> of {formatCount(perDay)}</span>}
    </span>
  );
}

/** The provider's last error, with its time: styled as the failure it is. */
function LastError({ status }: { status: ProviderStatus }) {
  if (!status.lastError) return null;
  return (
    <div className="mt-3 rounded-xl border border-rose-400/50 bg-rose-500/10 px-3 py-2 text-sm text-rose-100">
      <p className="font-semibold text-rose-50">
        Last error
        {status.lastErrorAt && (
          <>
            {' · '}
            <time dateTime={status.lastErrorAt}>{formatDateTime(status.lastErrorAt)}</time>
          </>
        )}
      </p>
      <p className="mt-0.5 break-words">{status.lastError}</p>
    </div>
  );
}

function SyncNow() {
  const sync = useSyncFootball();
  const onSync = async () => {
    if (sync.isPending) return;
    try {
      toast.success((await sync.mutateAsync()).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The sync did not run. Please try again.'));
    }
  };
  return (
    <Button
      variant="secondary"
      className="min-h-11 w-full px-4 text-sm sm:w-auto"
      loading={sync.isPending}
      onClick={() => void onSync()}
    >
      Sync now
    </Button>
  );
}

function Configured({ status, provider }: { status: ProviderStatus; provider: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge tone="lime">{providerName(provider)}</Badge>
          <p className="text-sm break-words text-emerald-100/80">
            {status.leagues.length === 0
              ? 'No leagues followed.'
              : `Following ${status.leagues.length === 1 ? 'league' : 'leagues'} ${status.leagues.join(', ')}`}
          </p>
        </div>
        <SyncNow />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm md:grid-cols-4 xl:grid-cols-7">
        <Item label="Last sync">
          <When iso={status.lastSyncAt} never="Never" />
        </Item>
        <Item label="Last poll">
          <When iso={status.lastPollAt} never="Never" />
        </Item>
        <Item label="Calls left today">
          <CallsLeftToday status={status} />
        </Item>
        <Item label="Calls left this minute">
          {status.callsLeftThisMinute === null ? (
            <span className="font-normal text-emerald-100/60">Not known yet</span>
          ) : (
            formatCount(status.callsLeftThisMinute)
          )}
        </Item>
        <Item label="Linked matches">{formatCount(status.linkedMatches)}</Item>
        <Item label="Live now">{formatCount(status.liveMatches)}</Item>
        <Item label="Waiting for you" className="col-span-2 md:col-span-1">
          <Link
            to={adminPaths.waitingMatches}
            className={`rounded underline-offset-4 hover:underline ${status.waitingForAdmin > 0 ? 'text-amber-200' : 'text-lime-300'}`}
          >
            {formatCount(status.waitingForAdmin)} {status.waitingForAdmin === 1 ? 'match' : 'matches'}
          </Link>
        </Item>
      </dl>
      <LastError status={status} />
    </>
  );
}

/** The server's sentence when it gave one (a missing route, a refusal), else a plain one. */
function loadFailure(error: unknown): string {
  const fallback = 'Could not load the football data status.';
  return error instanceof ApiError || error instanceof NetworkError
    ? `${fallback} ${errorMessage(error, '')}`.trim()
    : fallback;
}

/**
 * The football data provider at the top of the match results (issue 24): which provider and leagues,
 * its last sync and poll, the calls it has left, its last error, and the matches linked, live and
 * waiting for the admin; Sync now reads the fixtures at once. Without a provider it says how to
 * configure one.
 */
export function FootballStatusPanel() {
  const titleId = useId();
  const query = useFootballStatus();
  const status = query.data;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <>
        <p role="status" className="text-sm text-emerald-100/75">
          Loading the football data status…
        </p>
        <div aria-hidden="true" className="mt-3 h-16 animate-pulse rounded-xl bg-emerald-900/60" />
      </>
    );
  } else if (query.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-rose-400/40 bg-rose-500/10 px-3 py-2"
      >
        <p className="min-w-0 text-sm break-words text-rose-100">{loadFailure(query.error)}</p>
        <Button
          variant="secondary"
          className="min-h-10 px-4 text-sm"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Retry
        </Button>
      </div>
    );
  } else if (status?.provider) {
    body = <Configured status={status} provider={status.provider} />;
  } else {
    body = (
      <p className="text-sm text-emerald-100/80">
        No football data provider is configured: fixtures and results are typed by admins. To connect one, set{' '}
        <code className="font-mono text-emerald-50">FOOTBALL_DATA_PROVIDER</code> (api-football or
        football-data) and <code className="font-mono text-emerald-50">FOOTBALL_DATA_KEY</code> on the server,
        then restart it.
      </p>
    );
  }
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-emerald-800/70 bg-emerald-900/30 p-4"
    >
      <h2 id={titleId} className="mb-2 text-base font-bold text-white">
        Football data
      </h2>
      {body}
    </section>
  );
}
