import { notificationMessages } from '@cashtips/contract/notifications';
import { useId } from 'react';
import { type PushState, usePushNotifications } from '../api/push.ts';

const descriptions: Record<PushState, string> = {
  checking: 'Checking this browser…',
  unsupported: notificationMessages.pushUnsupported,
  denied:
    'Blocked in this browser. Allow notifications for this site in your browser settings, then try again.',
  disabled: 'Get new tips, results and wallet alerts on this device, even when CashTips is closed.',
  enabled: 'On for this device. New tips, results and wallet alerts arrive as they happen.',
};

/** The dashboard's push switch (spec part 2): unsupported, denied, disabled or enabled. */
export function PushToggle() {
  const { state, busy, enable, disable } = usePushNotifications();
  const labelId = useId();
  const descriptionId = useId();
  const on = state === 'enabled';
  const usable = state === 'enabled' || state === 'disabled';
  return (
    <div className="flex items-center gap-3 rounded-xl bg-emerald-950/50 px-3 py-3" data-push-state={state}>
      <div className="min-w-0 flex-1">
        <p id={labelId} className="text-sm font-semibold text-white">
          Push notifications
        </p>
        <p id={descriptionId} className="text-xs text-emerald-100/70">
          {descriptions[state]}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={busy || state === 'checking'}
        disabled={!usable || busy}
        onClick={() => void (on ? disable() : enable())}
        className={`relative inline-flex h-11 w-[4.25rem] shrink-0 items-center rounded-full p-1 transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
          on ? 'bg-lime-400' : 'bg-emerald-800'
        }`}
      >
        <span
          aria-hidden="true"
          className={`size-9 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : ''}`}
        />
      </button>
    </div>
  );
}
