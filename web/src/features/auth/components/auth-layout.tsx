import { type ReactNode, useEffect } from 'react';
import { SiteFooter } from '../../../components/layout/site-footer.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { preloadToasts } from '../../../lib/toast.ts';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

export function AuthLayout({ title, subtitle, children, footer, wide = false }: AuthLayoutProps) {
  useEffect(preloadToasts, []);
  return (
    <div className="relative min-h-dvh overflow-hidden bg-emerald-950">
      <div aria-hidden="true" className="glow pointer-events-none absolute inset-0" />
      <div className="relative mx-auto flex min-h-dvh flex-col px-4 pt-6 pb-12 sm:px-6">
        <header className="mx-auto w-full max-w-6xl">
          <Link
            to={paths.landing}
            className="inline-block rounded-lg"
            aria-label={`${appConfig.appName} home`}
          >
            <Logo />
          </Link>
        </header>
        <main className={`mx-auto mt-8 w-full ${wide ? 'max-w-xl' : 'max-w-md'} sm:mt-12`}>
          <div className="rounded-3xl border border-emerald-800/70 bg-emerald-900/40 p-5 shadow-2xl shadow-black/30 backdrop-blur sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-emerald-100/75">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-emerald-100/80">{footer}</div>}
        </main>
      </div>
      {/* The bottom padding lets the links scroll clear of the Telegram button. */}
      <SiteFooter className="relative pb-24" />
    </div>
  );
}

export const authLinkClass = 'rounded font-semibold text-lime-300 underline-offset-4 hover:underline';
