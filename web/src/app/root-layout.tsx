import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { TelegramButton } from '../components/ui/telegram-button.tsx';
import { captureReferral } from '../lib/referral.ts';
import { AppToaster } from './app-toaster.tsx';

export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => captureReferral(search), [search]);
  // A new screen starts at the top (in-page anchors keep their own scrolling).
  const scrollKey = hash ? null : pathname;
  useEffect(() => {
    if (scrollKey !== null) window.scrollTo(0, 0);
  }, [scrollKey]);

  return (
    <>
      {children}
      <TelegramButton />
      <AppToaster />
    </>
  );
}
