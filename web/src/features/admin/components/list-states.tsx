import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** A failed load: the server's sentence (or a connection hint) and a way to try again. */
export function ListError({
  error,
  fallback,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="rounded-2xl border border-rose-400/40 bg-rose-500/10 px-5 py-6 text-center">
      <p className="text-sm text-rose-100">{errorMessage(error, fallback)}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}

export function ListEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-emerald-700 px-5 py-10 text-center">
      <p className="text-sm text-emerald-100/80">{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** Grey bars the size of the rows to come, so nothing jumps when they arrive. Hidden from screen readers. */
export function SkeletonRows({ rows = 6, height = 'h-14' }: { rows?: number; height?: string }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className={`${height} animate-pulse rounded-xl bg-emerald-900/60`} />
      ))}
    </div>
  );
}

/**
 * The always-present live region above a list: the count, 'Loading…' and the empty state (rendered inside
 * it) are announced when they change.
 */
export function ResultsStatus({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-100/75">
      {children}
    </div>
  );
}
