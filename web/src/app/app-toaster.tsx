import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested } from '../lib/toast.ts';

const Toaster = lazy(() =>
  import('react-hot-toast').then((module) => ({
    // Only the position is set: the library's defaults are the spec's durations, limit and width.
    default: () => <module.Toaster position="top-right" />,
  })),
);

export function AppToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToastRequested(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
