import { notificationMessages } from '@cashtips/contract/notifications';
import { SwitchRow } from '../../../components/ui/switch-row.tsx';
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
  const on = state === 'enabled';
  return (
    <div data-push-state={state}>
      <SwitchRow
        label="Push notifications"
        description={descriptions[state]}
        checked={on}
        busy={busy || state === 'checking'}
        disabled={state !== 'enabled' && state !== 'disabled'}
        onToggle={() => void (on ? disable() : enable())}
      />
    </div>
  );
}
