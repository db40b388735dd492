import type { LinkQuestionsResponse } from '@cashtips/contract/football';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/football/link-questions: provider fixtures that may be registered matches. */
export function getLinkQuestions(signal?: AbortSignal): Promise<LinkQuestionsResponse> {
  return api.get<LinkQuestionsResponse>('/admin/football/link-questions', { signal });
}

/** Asked only while the provider's status counts some: most days there are none. */
export function useLinkQuestions(waiting: number) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.linkQuestions(),
      queryFn: ({ signal }) => getLinkQuestions(signal),
      enabled: waiting > 0,
      retry: retryUnlessClientError,
    }),
  );
}
