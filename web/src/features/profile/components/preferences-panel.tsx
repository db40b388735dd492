import { accountMessages, type Preferences } from '@cashtips/contract/account';
import {
  type CurrencyCode,
  currencySymbols,
  isSupportedCurrency,
  supportedCurrencies,
} from '@cashtips/contract/currency';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SwitchRow } from '../../../components/ui/switch-row.tsx';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrency } from '../../../lib/currency/currency-context.ts';
import { DEFAULT_CURRENCY } from '../../../lib/currency/currency-provider.tsx';
import { geoQuery } from '../../../lib/geo/get-geo.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import { type PreferenceChange, usePreferences, useUpdatePreference } from '../api/preferences.ts';

type Toggle = Exclude<keyof Preferences, 'currency'>;

const currencyNames: Record<CurrencyCode, string> = {
  NGN: 'Naira',
  USD: 'US dollar',
  GBP: 'Pound sterling',
  EUR: 'Euro',
};

const AUTOMATIC = 'auto';

/** Preferences tab (PRODUCT 9): each switch and the currency are saved the moment they change. */
export function PreferencesPanel() {
  const preferences = usePreferences();
  const update = useUpdatePreference();
  const { user } = useSession();
  const { setCurrency } = useCurrency();
  const queryClient = useQueryClient();
  const currencyId = useId();
  const currencyHintId = useId();

  /** The display currency follows a saved choice; 'automatic' asks the location again. */
  const applyCurrency = async (currency: CurrencyCode | null) => {
    if (currency) return setCurrency(currency);
    const detected = await queryClient
      .fetchQuery(geoQuery)
      .then((geo) => geo.currency)
      .catch(() => null);
    setCurrency(detected ?? DEFAULT_CURRENCY);
  };

  // Per setting, not per mutation: two switches flipped quickly are both on their way.
  const [savingKeys, setSavingKeys] = useState<ReadonlySet<keyof Preferences>>(new Set());
  const markSaving = (key: keyof Preferences, on: boolean) =>
    setSavingKeys((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  // mutateAsync, not mutate's callbacks: those would only answer for the latest of several changes.
  const save = async (change: PreferenceChange) => {
    markSaving(change.key, true);
    try {
      const response = await update.mutateAsync(change);
      toast.success(accountMessages.preferencesSaved, { id: 'preferences-saved' });
      if (change.key === 'currency') await applyCurrency(response.preferences.currency);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save that preference. Please try again.'), {
        id: 'preferences-failed',
      });
    } finally {
      markSaving(change.key, false);
    }
  };

  if (preferences.isPending)
    return (
      <div role="status" aria-label="Loading preferences" className="card min-w-0 gap-3 p-5 sm:p-6">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} className="h-[4.25rem] w-full rounded-xl" />
        ))}
      </div>
    );

  if (preferences.isError)
    return (
      <ErrorState
        title="Could not load your preferences"
        message={errorMessage(preferences.error, 'Please try again.')}
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isFetching}
      />
    );

  const values = preferences.data;
  /** A switch waits while its own change is on its way. */
  const saving = (key: keyof Preferences) => savingKeys.has(key);
  const toggle = (key: Toggle) => void save({ key, value: !values[key] });
  const telegramLinked = Boolean(user?.telegramId);

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="notification-preferences-title" className="card min-w-0 gap-3 p-5 sm:p-6">
        <h2 id="notification-preferences-title" className="text-lg font-bold text-white">
          Notifications
        </h2>
        <SwitchRow
          label="Email notifications"
          description="Receipts, results of your codes and plans, and account alerts by email."
          checked={values.emailNotifications}
          busy={saving('emailNotifications')}
          onToggle={() => toggle('emailNotifications')}
        />
        <SwitchRow
          label="Push notifications on all my devices"
          description="Off: no push alert reaches any of your devices. Each device is added with its own Push notifications switch, on the dashboard or the notifications page."
          checked={values.pushNotifications}
          busy={saving('pushNotifications')}
          onToggle={() => toggle('pushNotifications')}
        />
        <SwitchRow
          label="Telegram alerts"
          description={
            telegramLinked
              ? 'Your notifications also arrive as Telegram messages.'
              : 'Link Telegram on the Security tab to get your notifications there.'
          }
          checked={values.telegramNotifications}
          busy={saving('telegramNotifications')}
          onToggle={() => toggle('telegramNotifications')}
        />
      </section>
      <section aria-labelledby="privacy-preferences-title" className="card min-w-0 gap-3 p-5 sm:p-6">
        <h2 id="privacy-preferences-title" className="text-lg font-bold text-white">
          Privacy
        </h2>
        <SwitchRow
          label="Show me in the community feed"
          description="Your first name and initial may appear in the community feed and among top referrers."
          checked={values.communityVisible}
          busy={saving('communityVisible')}
          onToggle={() => toggle('communityVisible')}
        />
      </section>
      <section aria-labelledby="currency-preferences-title" className="card min-w-0 gap-3 p-5 sm:p-6">
        <h2 id="currency-preferences-title" className="text-lg font-bold text-white">
          Currency
        </h2>
        <div className="min-w-0">
          <label htmlFor={currencyId} className="mb-1.5 block text-sm font-medium text-emerald-50">
            Display currency
          </label>
          <select
            id={currencyId}
            aria-describedby={currencyHintId}
            aria-busy={saving('currency') || undefined}
            value={values.currency ?? AUTOMATIC}
            onChange={(event) => {
              // Not disabled while saving (that would take the focus away): the change waits instead.
              if (saving('currency')) return;
              const next = event.target.value;
              void save({ key: 'currency', value: isSupportedCurrency(next) ? next : null });
            }}
            className={`${inputClass} ${inputBorder(false)} cursor-pointer [color-scheme:dark] sm:max-w-xs`}
          >
            <option value={AUTOMATIC}>Automatic (by location)</option>
            {supportedCurrencies.map((code) => (
              <option key={code} value={code}>
                {currencySymbols[code]} {code} · {currencyNames[code]}
              </option>
            ))}
          </select>
          <p id={currencyHintId} className="mt-1 text-xs text-emerald-200/70">
            Amounts are shown in this currency; payments are always made in naira.
          </p>
        </div>
      </section>
    </div>
  );
}
