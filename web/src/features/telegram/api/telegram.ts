import type { User } from '@cashtips/contract/auth';
import type { TelegramEvent } from '@cashtips/contract/realtime';
import type {
  TelegramLinkCodeRequest,
  TelegramLinkCodeResponse,
  TelegramPreferencesRequest,
  TelegramUserResponse,
} from '@cashtips/contract/telegram';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useSocketEvent } from '../../../lib/use-socket-event.ts';

/** POST /api/auth/telegram/generate-link-code: a single-use code and the t.me deep link that sends it. */
export function generateLinkCode(body: TelegramLinkCodeRequest): Promise<TelegramLinkCodeResponse> {
  return api.post<TelegramLinkCodeResponse>('/auth/telegram/generate-link-code', body);
}

export function useGenerateLinkCode() {
  return useMutation({ mutationFn: generateLinkCode });
}

/** DELETE /api/auth/telegram/link; the answer's user replaces the session's, with the server's toast. */
export function useUnlinkTelegram() {
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: () => api.delete<TelegramUserResponse>('/auth/telegram/link'),
    // Here, not at the call: the confirmation that called it is gone once the user is unlinked.
    onSuccess: (response) => {
      updateUser(response.user);
      toast.success(response.message);
    },
  });
}

/** PATCH /api/auth/telegram/preferences: Telegram alerts on or off. */
export function useTelegramAlerts() {
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: (body: TelegramPreferencesRequest) =>
      api.patch<TelegramUserResponse>('/auth/telegram/preferences', body),
    // Here, not at the call: a call's own callbacks are dropped if the switch re-mounts meanwhile
    // (the session user it renders from changes), and then the answer would go unannounced.
    onSuccess: (response) => {
      updateUser(response.user);
      toast.success(response.message);
    },
    onError: (error) =>
      toast.error(errorMessage(error, 'Could not change Telegram alerts. Please try again.')),
  });
}

/** The bot's username from a `https://t.me/<bot>?start=<code>` link, for the typed fallback. */
export function botUsernameFromLink(link: string): string | null {
  try {
    const name = new URL(link).pathname.replace(/^\//, '').split('/')[0];
    return name ? name : null;
  } catch {
    return null;
  }
}

export const telegramLinkedToast = 'Your Telegram account is linked!';

/** The session user with the Telegram fields of a `telegram` socket event. */
export function withTelegram(user: User, event: TelegramEvent): User {
  return {
    ...user,
    telegramId: event.telegramId,
    telegramUsername: event.telegramUsername,
    telegramNotifications: event.telegramNotifications,
  };
}

/**
 * Keeps the session user's Telegram link live: the server emits `telegram` when the bot links the
 * account (the code step then turns into the linked state), and on unlink or an alerts switch made
 * anywhere else. Mounted once for the whole signed-in visit.
 */
export function useTelegramSync(): void {
  const { user, updateUser } = useSession();
  useSocketEvent('telegram', (event) => {
    if (!user) return;
    const justLinked = !user.telegramId && event.telegramId !== null;
    updateUser(withTelegram(user, event));
    if (justLinked) toast.success(telegramLinkedToast);
  });
}
