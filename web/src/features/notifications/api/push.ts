import { notificationMessages } from '@cashtips/contract/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, request } from '../../../lib/api-client.ts';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '../../../lib/offline/register-service-worker.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';

/** Spec part 2: the push toggle's four states, and 'checking' while the browser and server are asked. */
export type PushState = 'checking' | 'unsupported' | 'denied' | 'disabled' | 'enabled';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What the toggle shows: the browser's permission first, then whether the server has this browser's subscription. */
async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'disabled';
  const status = await api.get<{ isSubscribed: boolean }>(
    `/notifications/push/status?endpoint=${encodeURIComponent(subscription.endpoint)}`,
  );
  return status.isSubscribed ? 'enabled' : 'disabled';
}

/**
 * Web push for this browser (spec part 2): enabling asks for permission, registers /push-sw.js,
 * fetches the public key, subscribes and posts the subscription; disabling unsubscribes and deletes it.
 */
export function usePushNotifications() {
  const { user } = useSession();
  const [state, setState] = useState<PushState>(() => (pushSupported() ? 'checking' : 'unsupported'));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    readPushState().then(
      (next) => !cancelled && setState(next),
      (error: unknown) => {
        console.warn('Could not read the push notification status', error);
        if (!cancelled) setState('disabled');
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const enable = useCallback(async () => {
    if (!pushSupported()) return;
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'denied') {
          toast.warning(notificationMessages.pushDenied);
          setState('denied');
        }
        return;
      }
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
        scope: SERVICE_WORKER_SCOPE,
      });
      await navigator.serviceWorker.ready;
      const { publicKey } = await api.get<{ publicKey: string }>('/notifications/push/vapid-public-key');
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(publicKey),
        }));
      await api.post('/notifications/push/subscribe', {
        subscription: subscription.toJSON(),
        ...(user ? { userId: user.id } : {}),
      });
      setState('enabled');
      toast.success(notificationMessages.pushEnabled);
    } catch (error) {
      console.warn('Could not enable push notifications', error);
      toast.error('Could not turn on push notifications. Please try again.');
    } finally {
      setBusy(false);
    }
  }, [user]);

  const disable = useCallback(async () => {
    if (!pushSupported()) return;
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      await request('DELETE', '/notifications/push/unsubscribe', {
        body: subscription ? { endpoint: subscription.endpoint } : {},
      });
      await subscription?.unsubscribe();
      setState('disabled');
      toast.success(notificationMessages.pushDisabled);
    } catch (error) {
      console.warn('Could not disable push notifications', error);
      toast.error('Could not turn off push notifications. Please try again.');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, enable, disable };
}
