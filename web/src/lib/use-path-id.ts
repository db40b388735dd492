import { useLocation } from 'react-router';

/**
 * The :id after `prefix` in the path, read from the location: useParams would pull more of react-router
 * (which lives in the entry chunk) into the landing page's budget.
 */
export function usePathId(prefix: string): string {
  const { pathname } = useLocation();
  const segment = pathname.slice(prefix.length + 1).split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
