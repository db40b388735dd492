import type { BookingCode } from '@cashtips/contract/booking-codes';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type CodeFilters,
  codeListQuery,
  defaultCodeFilters,
  useBookingCodes,
} from '../api/get-booking-codes.ts';
import { useLiveBuyerCounts } from '../api/use-live-buyer-counts.ts';
import { codeDetailPath } from './code-card.tsx';
import { CodeCardPages } from './code-card-pages.tsx';
import { CodeFiltersPanel } from './code-filters.tsx';
import { QuickPreviewModal } from './quick-preview-modal.tsx';
import { useBuyCode } from './use-buy-code.ts';

export const SEARCH_DEBOUNCE_MS = 350;
/** The address's switch for money-back codes only: a link can open the list filtered. */
const MONEY_BACK_PARAM = 'moneyBack';

/** The /booking-codes screen's body: filters, search, sort, the cards, pages and the Quick Preview. */
export function BookingCodesList() {
  const [chosen, setFilters] = useState<CodeFilters>(defaultCodeFilters);
  // useLocation and useNavigate, not useSearchParams: a router API no other screen uses would be
  // added to the entry chunk the landing page loads.
  const location = useLocation();
  const moneyBack = new URLSearchParams(location.search).get(MONEY_BACK_PARAM) === '1';
  const filters: CodeFilters = { ...chosen, moneyBack };
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<BookingCode | null>(null);
  const navigate = useNavigate();
  const buy = useBuyCode();
  useLiveBuyerCounts();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setFilters((current) => (current.search === searchText ? current : { ...current, search: searchText }));
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const query = useBookingCodes(codeListQuery(filters, page));
  const data = query.data;
  // A live count for the code in the preview follows the list.
  const previewCode = preview ? (data?.codes.find((code) => code._id === preview._id) ?? preview) : null;

  const changeFilters = (next: CodeFilters) => {
    setFilters(next);
    setPage(1);
    if (next.moneyBack !== moneyBack) {
      const search = new URLSearchParams(location.search);
      if (next.moneyBack) search.set(MONEY_BACK_PARAM, '1');
      else search.delete(MONEY_BACK_PARAM);
      const query = search.toString();
      navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <CodeFiltersPanel
        filters={filters}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={changeFilters}
      />
      <p className="min-h-5 text-sm text-emerald-100/75" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'code' : 'codes'}` : ''}
      </p>
      <CodeCardPages
        query={query}
        page={page}
        onPageChange={setPage}
        errorTitle="Could not load booking codes."
        emptyHint="Try other filters, or come back soon: new codes are posted every day."
        onBuy={buy}
        onPreview={setPreview}
      />
      <QuickPreviewModal
        code={previewCode}
        onClose={() => setPreview(null)}
        onBuy={(code) => {
          setPreview(null);
          buy(code);
        }}
        onOpen={(code) => navigate(codeDetailPath(code._id))}
      />
    </div>
  );
}
