import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { OfflineBanner } from '../../components/layout/offline-banner.tsx';
import { paths } from '../../config/paths.ts';
import { Comparison } from '../../features/landing/components/comparison.tsx';
import { CookieBanner } from '../../features/landing/components/cookie-banner.tsx';
import { Faq } from '../../features/landing/components/faq.tsx';
import { Hero } from '../../features/landing/components/hero.tsx';
import { HowItWorks } from '../../features/landing/components/how-it-works.tsx';
import { LandingFooter } from '../../features/landing/components/landing-footer.tsx';
import { LandingHeader } from '../../features/landing/components/landing-header.tsx';
import { ProductCards } from '../../features/landing/components/product-cards.tsx';
import { Stats } from '../../features/landing/components/stats.tsx';
import { registerServiceWorker } from '../../lib/offline/register-service-worker.ts';
import { readStorage, storageKeys } from '../../lib/storage-keys.ts';

export default function LandingRoute() {
  useEffect(registerServiceWorker, []);
  // Spec: a stored user plus an authToken entry means a signed-in visitor.
  if (readStorage(storageKeys.user) && readStorage(storageKeys.authToken)) {
    return <Navigate to={paths.dashboard} replace />;
  }
  return (
    <div className="min-h-dvh bg-emerald-950">
      <LandingHeader />
      <main>
        <Hero />
        <ProductCards />
        <HowItWorks />
        <Comparison />
        <Stats />
        <Faq />
      </main>
      <LandingFooter />
      <CookieBanner />
      <OfflineBanner />
    </div>
  );
}
