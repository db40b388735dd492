import type { Preferences, PreferencesResponse, PreferencesUpdate } from '@cashtips/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/users/me/preferences. Read afresh on every visit: Telegram alerts also change elsewhere. */
export function usePreferences() {
  return useQuery({
    queryKey: accountKeys.preferences,
    queryFn: ({ signal }) => api.get<PreferencesResponse>('/users/me/preferences', { signal }),
    select: (response) => response.preferences,
    staleTime: 0,
  });
}

type PreferenceKey = keyof Preferences;

/** One preference: its key and its new value (a PUT carries just that field). */
export type PreferenceChange = {
  [K in PreferenceKey]: { key: K; value: Preferences[K] };
}[PreferenceKey];

/** The cached answer with one field taken from `source`; the other fields stay as they are. */
function withField(
  cached: PreferencesResponse | undefined,
  key: PreferenceKey,
  source: Preferences,
): PreferencesResponse | undefined {
  return cached && { ...cached, preferences: { ...cached.preferences, [key]: source[key] } };
}

/**
 * PUT /api/users/me/preferences with one field, shown at once and put back if the server refuses it.
 * Only that field is put back, so two switches flipped in quick succession do not undo each other.
 */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  return useMutation({
    mutationFn: (change: PreferenceChange) => {
      const body: PreferencesUpdate = { [change.key]: change.value };
      return api.put<PreferencesResponse>('/users/me/preferences', body);
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.preferences });
      const previous = queryClient.getQueryData<PreferencesResponse>(accountKeys.preferences)?.preferences;
      if (previous)
        queryClient.setQueryData<PreferencesResponse>(accountKeys.preferences, (current) =>
          withField(current, change.key, { ...previous, [change.key]: change.value }),
        );
      return { previous };
    },
    onError: (_error, change, context) => {
      const previous = context?.previous;
      if (previous)
        queryClient.setQueryData<PreferencesResponse>(accountKeys.preferences, (current) =>
          withField(current, change.key, previous),
        );
    },
    onSuccess: (response, change) => {
      queryClient.setQueryData<PreferencesResponse>(
        accountKeys.preferences,
        (current) => withField(current, change.key, response.preferences) ?? response,
      );
      // The Telegram section and the saved display currency read the session user: keep it in step.
      const { telegramNotifications, currency } = response.preferences;
      if (user && (user.telegramNotifications !== telegramNotifications || user.displayCurrency !== currency))
        updateUser({ ...user, telegramNotifications, displayCurrency: currency });
    },
  });
}
