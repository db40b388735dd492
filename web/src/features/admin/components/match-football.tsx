import { type AdminMatch, type LiveStatus, liveStatusLabels, scoreText } from '@cashtips/contract/matches';
import { formatTime } from '../utils/format.ts';
import { Badge } from './badge.tsx';

/**
 * What the football data provider (issue 24) says about a registered match, as the admin's list and
 * match page show it: which provider knows it, its live state, a hold, what the provider will record and
 * when, and why a result waits for the admin.
 */

const providerNames: Record<string, string> = {
  'api-football': 'API-Football',
  'football-data': 'football-data.org',
};

/** 'API-Football'; an unknown provider keeps its own name. */
export const providerName = (name: string) => providerNames[name] ?? name;

/** 'API-Football #1208099', or where a match no provider knows came from. */
export function providerLinkText(match: Pick<AdminMatch, 'provider' | 'source'>): string {
  if (match.provider) return `${providerName(match.provider.name)} #${match.provider.id}`;
  return match.source === 'import' ? 'Imported history' : 'Typed by an admin';
}

export function ProviderTag({ match }: { match: Pick<AdminMatch, 'provider' | 'source'> }) {
  return (
    <span
      className={`text-xs break-words ${match.provider ? 'text-sky-200' : 'text-emerald-100/60'}`}
      title={match.provider ? 'The football data provider’s id of this match' : undefined}
    >
      {providerLinkText(match)}
    </span>
  );
}

const liveTones: Record<LiveStatus, 'lime' | 'amber' | 'rose' | 'muted'> = {
  scheduled: 'muted',
  live: 'lime',
  halftime: 'lime',
  finished: 'muted',
  postponed: 'rose',
  suspended: 'amber',
  cancelled: 'rose',
  abandoned: 'rose',
};

/** 'Live 67′', 'Half-time', 'Full time', 'Postponed'. */
export function liveLabel(live: AdminMatch['live']): string {
  if (live.status === 'live' && live.minute !== null) return `Live ${live.minute}′`;
  return liveStatusLabels[live.status];
}

/**
 * The live state is worth showing while the match has no recorded result and a provider follows it
 * (or it said something other than "not started"); once recorded, the result says it all.
 */
export const showsLive = (match: Pick<AdminMatch, 'status' | 'provider' | 'live'>) =>
  match.status === 'scheduled' && (match.provider !== null || match.live.status !== 'scheduled');

/** The live state as a badge with the score now beside it: 'Live 67′ 1-0', 'Half-time 0-0'. */
export function LiveState({ live }: { live: AdminMatch['live'] }) {
  const score = scoreText(live.score);
  const playing = live.status === 'live' || live.status === 'halftime';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={liveTones[live.status]}>
        {playing && (
          <span aria-hidden="true" className="mr-1.5 size-1.5 animate-pulse rounded-full bg-lime-300" />
        )}
        {liveLabel(live)}
      </Badge>
      {score && <span className="font-bold whitespace-nowrap text-white tabular-nums">{score}</span>}
    </span>
  );
}

export function HeldBadge() {
  return <Badge tone="amber">Held</Badge>;
}

/** 'The provider’s 2-1 is recorded at 18:10', or that it waits for the release of a hold. */
export function pendingResultText(match: Pick<AdminMatch, 'pendingResult' | 'held'>): string | null {
  const pending = match.pendingResult;
  if (!pending) return null;
  const result = pending.status === 'void' ? 'void' : (scoreText(pending.score) ?? 'result');
  if (match.held) return `The provider says ${result}: held, so nothing is recorded until you release it.`;
  return `The provider says ${result}: to be recorded at ${formatTime(pending.recordAt)} unless you hold it.`;
}

/** Under a match in the lists: a hold and its reason, the provider's coming result, or what waits. */
export function ProviderNotes({ match }: { match: AdminMatch }) {
  const pending = pendingResultText(match);
  if (!match.held && !pending && !match.waitingReason) return null;
  return (
    <div className="mt-1.5 flex flex-col gap-1 text-xs">
      {match.held && (
        <p className="flex flex-wrap items-center gap-1.5 text-amber-100">
          <HeldBadge />
          {match.heldReason && <span className="break-words">{match.heldReason}</span>}
        </p>
      )}
      {pending && <p className="break-words text-emerald-100/80">{pending}</p>}
    </div>
  );
}

/**
 * The provider's final figures disagree (or a hold stopped them): only an admin can record this result.
 * Said loudly, in the list's cards and on the match page.
 */
export function WaitingForYou({ reason, compact = false }: { reason: string; compact?: boolean }) {
  return (
    <div
      className={`rounded-xl border border-rose-400/50 bg-rose-500/10 text-rose-100 ${compact ? 'mt-2 px-3 py-2 text-xs' : 'px-4 py-3 text-sm'}`}
    >
      <p className="font-semibold text-rose-50">Waiting for you: record this result</p>
      <p className="mt-0.5 break-words">{reason}</p>
      {!compact && (
        <p className="mt-1 text-rose-100/85">
          The provider will not record it. Check the score and save it in the Result card.
        </p>
      )}
    </div>
  );
}
