import type { PageInfo } from '@cashtips/contract/wallet';

/** Page figures of a paged list; an empty list still has one (empty) page. */
export function pageInfo(page: number, limit: number, total: number): PageInfo {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
