import { telegramMessages } from '@cashtips/contract/telegram';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { TelegramIcon } from '../../components/ui/icons/telegram-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type TabItem, Tabs } from '../../components/ui/tabs.tsx';
import { ActivityHistory } from '../../features/dashboard/components/activity-history.tsx';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { LoginHistory } from '../../features/profile/components/login-history.tsx';
import { PreferencesPanel } from '../../features/profile/components/preferences-panel.tsx';
import { ProfileDetails } from '../../features/profile/components/profile-details.tsx';
import { ProfileStatistics } from '../../features/profile/components/profile-statistics.tsx';
import { TwoFactorSection } from '../../features/profile/components/two-factor-section.tsx';
import { TelegramLink } from '../../features/telegram/components/telegram-link.tsx';
import { WalletBalances } from '../../features/wallet/components/wallet-balances.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { toast } from '../../lib/toast.ts';

// Tabs most visits never open load on their own, so the profile's first paint does not wait for them.
const ResponsibleGamblingSection = lazy(() =>
  import('../../features/profile/components/responsible-gambling-section.tsx').then((module) => ({
    default: module.ResponsibleGamblingSection,
  })),
);
const YourDataSection = lazy(() =>
  import('../../features/profile/components/your-data-section.tsx').then((module) => ({
    default: module.YourDataSection,
  })),
);

/** While a lazily loaded tab arrives: a card of about its first section's height. */
function TabLoading() {
  return (
    <div role="status" aria-label="Loading this tab" className="card min-w-0 gap-4 p-5 sm:p-6">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

type ProfileTab = 'profile' | 'security' | 'preferences' | 'responsible-gambling' | 'activity' | 'data';

const tabs: readonly TabItem<ProfileTab>[] = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'responsible-gambling', label: 'Responsible gambling' },
  { id: 'activity', label: 'Activity' },
  { id: 'data', label: 'Your data' },
];

const isTab = (value: string | null): value is ProfileTab => tabs.some((tab) => tab.id === value);

/**
 * /profile (spec part 2, PRODUCT 9): the account's details and wallets; Telegram, password, two-factor
 * sign-in and login history on Security; the saved preferences; the whole activity history. The tab
 * is in the address (`?tab=security`); `?link-telegram=true` before the account is linked selects
 * Security with a prompt, once: the address then says `?tab=security`, so a reload does not repeat it.
 */
export default function ProfileRoute() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const prompted = useRef(false);
  const linkRequested = params.get('link-telegram') === 'true';
  const tabParam = params.get('tab');
  const selected: ProfileTab = linkRequested ? 'security' : isTab(tabParam) ? tabParam : 'profile';
  const linked = Boolean(user?.telegramId);

  useEffect(() => {
    if (!linkRequested || prompted.current) return;
    prompted.current = true;
    if (!linked)
      toast.success(telegramMessages.linkPrompt, {
        icon: <TelegramIcon className="size-5 shrink-0 text-sky-500" />,
      });
    setParams({ tab: 'security' }, { replace: true });
  }, [linkRequested, linked, setParams]);

  if (!user) return null;

  const select = (tab: ProfileTab) =>
    setParams(tab === 'profile' ? {} : { tab }, { replace: true, preventScrollReset: true });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Profile</h1>
        <p className="mt-1 text-emerald-100/75">Your account, its security, your preferences and activity.</p>
      </header>
      <Tabs label="Profile sections" tabs={tabs} selected={selected} onSelect={select}>
        {selected === 'profile' ? (
          <div className="flex min-w-0 flex-col gap-6">
            <WalletBalances />
            <ProfileStatistics memberSince={user.createdAt} />
            <ProfileDetails user={user} />
          </div>
        ) : selected === 'security' ? (
          <div className="flex min-w-0 flex-col gap-6">
            <TelegramLink />
            <ChangePasswordForm />
            <TwoFactorSection />
            <LoginHistory />
          </div>
        ) : selected === 'preferences' ? (
          <PreferencesPanel />
        ) : selected === 'responsible-gambling' ? (
          <Suspense fallback={<TabLoading />}>
            <ResponsibleGamblingSection />
          </Suspense>
        ) : selected === 'data' ? (
          <Suspense fallback={<TabLoading />}>
            <YourDataSection />
          </Suspense>
        ) : (
          <ActivityHistory headingLevel="h2" />
        )}
      </Tabs>
    </div>
  );
}
