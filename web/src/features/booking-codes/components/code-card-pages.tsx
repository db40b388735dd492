import { type BookingCode, codeMessages } from '@cashtips/contract/booking-codes';
import { groupDigits } from '@cashtips/contract/plain/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { RestrictionNotice } from '../../../components/restriction-notice.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { CodesPage } from '../api/get-booking-codes.ts';
import { CodeCard, CodeCardSkeleton } from './code-card.tsx';

interface CodeCardPagesProps {
  query: UseQueryResult<CodesPage>;
  page: number;
  onPageChange: (page: number) => void;
  /** Heading of the failed-load state, e.g. "Could not load the market." */
  errorTitle: string;
  /** The hint under "No premium codes available". */
  emptyHint: string;
  onBuy: (code: BookingCode) => void;
  onPreview?: (code: BookingCode) => void;
}

/**
 * A page of code cards with its loading, failed, empty and paging states (the /booking-codes list and the
 * /buycodes market). The previous page stays, dimmed, while the next one loads.
 */
export function CodeCardPages({
  query,
  page,
  onPageChange,
  errorTitle,
  emptyHint,
  onBuy,
  onPreview,
}: CodeCardPagesProps) {
  const data = query.data;
  if (query.isError && !data) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!data) {
    return (
      <div
        role="status"
        aria-label="Loading booking codes"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <CodeCardSkeleton />
        <CodeCardSkeleton />
        <CodeCardSkeleton />
      </div>
    );
  }
  return (
    <>
      {/* The page's h1 comes before the filters; each card's title is an h3 under this heading. */}
      <h2 className="sr-only">
        {data.total === 1 ? '1 booking code' : `${groupDigits(data.total)} booking codes`}
      </h2>
      <RestrictionNotice />
      {data.codes.length === 0 ? (
        <EmptyState
          icon={<ReceiptIcon className="size-6" />}
          title={codeMessages.noPremiumCodes}
          message={emptyHint}
        />
      ) : (
        <ul
          aria-label="Booking codes"
          aria-busy={query.isFetching || undefined}
          className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {data.codes.map((code) => (
            <li key={code._id} className="flex [&>article]:w-full">
              <CodeCard code={code} onBuy={onBuy} {...(onPreview ? { onPreview } : {})} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={data.totalPages}
        label="Booking codes"
        onPageChange={(next) => {
          onPageChange(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
