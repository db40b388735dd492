import type { ReactNode } from 'react';
import { ArrowLeftIcon } from '../../components/ui/icons/arrow-left-icon.tsx';
import { Link } from '../../components/ui/link.tsx';
import { ListEmpty, ListError, SkeletonRows } from '../../features/admin/components/list-states.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { AdminPage } from './admin-page.tsx';

/** The way back from a record's screen to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg text-sm font-semibold text-lime-300 hover:text-lime-200"
    >
      <ArrowLeftIcon className="size-4" />
      {children}
    </Link>
  );
}

interface DetailQuery {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A record's screen while it loads or when it cannot be shown: placeholders, 'not found' for a 404 (it may
 * have been deleted), or the error with Retry.
 */
export function DetailUnavailable({
  query,
  back,
  noun,
  notFound,
}: {
  query: DetailQuery;
  back: ReactNode;
  /** 'Booking code', 'Rollover plan'. */
  noun: string;
  /** 'There is no booking code at this address. It may have been deleted.' */
  notFound: string;
}) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <p role="status" className="text-sm text-emerald-100/75">
          Loading the {noun.toLowerCase()}…
        </p>
        <SkeletonRows rows={3} height="h-40" />
      </div>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <h1 className="text-2xl font-bold text-white">{missing ? `${noun} not found` : noun}</h1>
      {missing ? (
        <ListEmpty>{notFound}</ListEmpty>
      ) : (
        <ListError
          error={query.error}
          fallback={`Could not load this ${noun.toLowerCase()}.`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
    </div>
  );
}

/** A record's heading with its badges, and a line of facts under it. */
export function DetailHeader({
  title,
  badges,
  children,
}: {
  title: string;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold tracking-tight break-words text-white sm:text-3xl">{title}</h1>
        {badges}
      </div>
      <p className="break-words text-emerald-100/80">{children}</p>
    </header>
  );
}

/**
 * A record's cards, read top to bottom on phones: `status` (figures and its main action), the form, then
 * `danger` (delete). On desktop the status and delete cards sit beside the form.
 */
export function DetailGrid({
  status,
  form,
  danger,
}: {
  status: ReactNode;
  form: ReactNode;
  danger: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
      <div className="min-w-0 lg:col-start-2 lg:row-start-1">{status}</div>
      <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">{form}</div>
      <div className="min-w-0 self-start lg:col-start-2 lg:row-start-2">{danger}</div>
    </div>
  );
}

/** The screen of a new record: the way back, then the titled form. */
export function NewRecordPage({
  back,
  title,
  description,
  children,
}: {
  back: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {back}
      <AdminPage title={title} description={description}>
        <div className="max-w-3xl">{children}</div>
      </AdminPage>
    </div>
  );
}
