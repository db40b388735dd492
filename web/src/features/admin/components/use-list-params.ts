import { useLocation, useNavigate } from 'react-router';

function toPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * A list's filters and page, kept in the address so a reload, a shared link or Back shows the same rows.
 * Changing a filter goes back to page 1 and replaces the history entry; turning a page adds one.
 * Built on useLocation and useNavigate rather than useSearchParams: react-router sits in the entry chunk,
 * and a router API no other screen uses would be added to the landing page's JavaScript.
 */
export function useListParams() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const page = toPage(params.get('page'));
  const get = (key: string) => params.get(key) ?? '';

  const go = (next: URLSearchParams, replace: boolean) => {
    const query = next.toString();
    navigate({ pathname, search: query ? `?${query}` : '' }, { replace });
  };

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    go(next, true);
  };

  const setPage = (nextPage: number) => {
    const next = new URLSearchParams(search);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    go(next, false);
  };

  return { page, get, setFilter, setPage };
}
