import { useState } from 'react';
import { useMarketCodes } from '../api/get-booking-codes.ts';
import { useLiveBuyerCounts } from '../api/use-live-buyer-counts.ts';
import { CodeCardPages } from './code-card-pages.tsx';
import { useBuyCode } from './use-buy-code.ts';

/** /buycodes: the Booking Code Market grid, the codes on sale now, a page at a time. */
export function MarketGrid() {
  const [page, setPage] = useState(1);
  const query = useMarketCodes(page);
  const buy = useBuyCode();
  useLiveBuyerCounts();
  return (
    <div className="flex flex-col gap-5">
      <CodeCardPages
        query={query}
        page={page}
        onPageChange={setPage}
        errorTitle="Could not load the market."
        emptyHint="New codes are posted every day; come back soon."
        onBuy={buy}
      />
    </div>
  );
}
