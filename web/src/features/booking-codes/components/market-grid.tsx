import { codeMessages } from '@cashtips/contract/booking-codes';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMarketCodes } from '../api/get-booking-codes.ts';
import { useLiveBuyerCounts } from '../api/use-live-buyer-counts.ts';
import { CodeCard, CodeCardSkeleton } from './code-card.tsx';
import { useBuyCode } from './use-buy-code.ts';

/** /buycodes: the Booking Code Market grid. */
export function MarketGrid() {
  const query = useMarketCodes();
  const buy = useBuyCode();
  useLiveBuyerCounts();
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Could not load the market."
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) {
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
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptIcon className="size-6" />}
        title={codeMessages.noPremiumCodes}
        message="New codes are posted every day; come back soon."
      />
    );
  }
  return (
    <ul aria-label="Booking codes" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((code) => (
        <li key={code._id} className="flex [&>article]:w-full">
          <CodeCard code={code} onBuy={buy} />
        </li>
      ))}
    </ul>
  );
}
