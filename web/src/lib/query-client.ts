import { QueryClient } from '@tanstack/react-query';

/** Only the signed-in layout loads this, keeping TanStack Query out of the landing and auth chunks. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true },
  },
});
