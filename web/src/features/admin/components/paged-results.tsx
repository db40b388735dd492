import type { PageInfo } from '@cashtips/contract/wallet';
import type { ReactNode } from 'react';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { ListError } from './list-states.tsx';
import { Pagination } from './pagination.tsx';

/** What an admin list needs of its TanStack query. */
export interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a paged admin list needs of its TanStack query. */
export type PagedQuery<T extends PageInfo> = ListQuery<T>;

/** Only the values the contract knows reach the request; anything else in the address means 'all'. */
export function pickOption<T extends string>(values: readonly T[], value: string): T | '' {
  return values.find((candidate) => candidate === value) ?? '';
}

/** What an empty list says: that nothing matched the search or filters, or that there is nothing yet. */
export function noResultsMessage(noun: string, search: string, filtered: boolean): string {
  if (search) return `No ${noun} match “${search}”${filtered ? ' with these filters' : ''}.`;
  return filtered ? `No ${noun} with these filters.` : `No ${noun} yet.`;
}

/**
 * The line above a list: 'Loading…' while a page is on its way, else e.g. '12 deposits · page 1 of 3'
 * (`detail` goes between the count and the page, e.g. ' matching “ada”').
 */
export function listSummary<T extends PageInfo>(
  query: PagedQuery<T>,
  loading: string,
  noun: [singular: string, plural: string],
  detail = '',
): string {
  const { data } = query;
  if (query.isPending || query.isPlaceholderData) return loading;
  if (!data || data.total === 0) return '';
  const count = `${formatCount(data.total)} ${data.total === 1 ? noun[0] : noun[1]}`;
  return `${count}${detail}${data.totalPages > 1 ? ` · page ${data.page} of ${data.totalPages}` : ''}`;
}

/**
 * Everything under a list's status line: placeholders while the first load runs, the error with Retry,
 * and the rows (dimmed while the next page loads).
 */
export function ListResults<T>({
  query,
  hasRows,
  skeleton,
  errorFallback,
  children,
}: {
  query: ListQuery<T>;
  hasRows: boolean;
  skeleton: ReactNode;
  errorFallback: string;
  children: ReactNode;
}) {
  const busy = query.isPlaceholderData;
  return (
    <>
      {query.isPending && skeleton}
      {query.isError && (
        <ListError
          error={query.error}
          fallback={errorFallback}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {hasRows && (
        <div aria-busy={busy} className={`transition-opacity ${busy ? 'opacity-60' : ''}`}>
          {children}
        </div>
      )}
    </>
  );
}

/** ListResults, then the pager. */
export function PagedResults<T extends PageInfo>({
  query,
  hasRows,
  skeleton,
  errorFallback,
  pagesLabel,
  page,
  onPageChange,
  children,
}: {
  query: PagedQuery<T>;
  hasRows: boolean;
  skeleton: ReactNode;
  errorFallback: string;
  pagesLabel: string;
  page: number;
  onPageChange: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <ListResults query={query} hasRows={hasRows} skeleton={skeleton} errorFallback={errorFallback}>
        {children}
      </ListResults>
      {query.data && (
        <Pagination
          label={pagesLabel}
          page={page}
          totalPages={query.data.totalPages}
          onPageChange={onPageChange}
          disabled={query.isPlaceholderData}
        />
      )}
    </>
  );
}
