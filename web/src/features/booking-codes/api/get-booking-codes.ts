import {
  type BookingCode,
  CODE_FILTERS,
  type CodeCategory,
  type CodeSort,
  PAGE_HEADERS,
} from '@cashtips/contract/booking-codes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface CodeFilters {
  category: CodeCategory | '';
  minConfidence: number;
  maxPrice: number;
  search: string;
  sort: CodeSort;
  /** Only codes sold with money back (kept in the address as `?moneyBack=1`). */
  moneyBack: boolean;
}

export const defaultCodeFilters: CodeFilters = {
  category: '',
  minConfidence: CODE_FILTERS.minConfidence.default,
  maxPrice: CODE_FILTERS.maxPrice.default,
  search: '',
  sort: 'newest',
  moneyBack: false,
};

export const CODES_PAGE_SIZE = 12;

export interface CodesPage {
  codes: BookingCode[];
  total: number;
  totalPages: number;
}

/**
 * The query string of the list. A slider left at its default filters nothing (the lowest confidence and
 * the highest price are "any"), so it is not sent.
 */
export function codeListQuery(filters: CodeFilters, page: number, limit = CODES_PAGE_SIZE) {
  const query: Record<string, string | number> = { limit, page, sort: filters.sort, includeExpired: 1 };
  if (filters.category) query.category = filters.category;
  if (filters.minConfidence > CODE_FILTERS.minConfidence.min) query.minConfidence = filters.minConfidence;
  if (filters.maxPrice < CODE_FILTERS.maxPrice.max) query.maxPrice = filters.maxPrice;
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.moneyBack) query.moneyBack = 1;
  return query;
}

function toSearch(query: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
}

/**
 * One page of codes from the public list (`/booking-codes`, the full page) or the market (`/booking`,
 * the same list); the page figures come in the X-Total-* headers.
 */
export async function getCodePage(
  path: '/booking-codes' | '/booking',
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<CodesPage> {
  const { body, headers } = await requestWithHeaders<BookingCode[]>(
    'GET',
    `${path}?${toSearch(query)}`,
    signal ? { signal } : {},
  );
  const codes = Array.isArray(body) ? body : [];
  const total = Number(headers.get(PAGE_HEADERS.total) ?? codes.length);
  const totalPages = Number(headers.get(PAGE_HEADERS.totalPages) ?? 1);
  return {
    codes,
    total: Number.isFinite(total) ? total : codes.length,
    totalPages: Number.isFinite(totalPages) && totalPages >= 1 ? totalPages : 1,
  };
}

export const bookingCodesQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: queryKeys.bookingCodeList(query),
    queryFn: ({ signal }) => getCodePage('/booking-codes', query, signal),
    placeholderData: keepPreviousData,
  });

export function useBookingCodes(query: Record<string, string | number>) {
  return useQuery(bookingCodesQueryOptions(query));
}

/** GET /api/booking: one page of the market grid, the codes on sale now, newest first. */
export function useMarketCodes(page: number) {
  return useQuery({
    queryKey: queryKeys.bookingMarket(page),
    queryFn: ({ signal }) => getCodePage('/booking', { limit: CODES_PAGE_SIZE, page }, signal),
    placeholderData: keepPreviousData,
  });
}
