import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';

/** Spec: dashboard widgets show 2 items, 1 when compact. */
export const widgetLimit = (compact: boolean) => (compact ? 1 : 2);

/**
 * A widget row of text and a side figure (a price, a badge, a button). On a narrow phone the side
 * figure moves under the text rather than squeezing it: names wrap between words, never inside one.
 */
export const widgetRowClass =
  'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-emerald-950/50 px-3 py-3';
/** The row's text: room for a long word (a club's name) before the side figure wraps below. */
export const widgetRowTextClass = 'min-w-40 flex-1';

export const widgetFooterLinkClass =
  'ml-auto inline-flex min-h-11 items-center gap-1 rounded-xl px-2 text-sm font-semibold text-lime-300 hover:text-lime-200';

/** A dashboard widget: a card with an iconed heading that names its section. */
export function WidgetFrame({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card gap-4">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-white">
        <span className="icon-box size-9">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One or two rows (widgets show 2 items, 1 compact) of the items' height, so nothing moves when they arrive. */
export function WidgetSkeleton({ rows, rowClassName = 'h-24' }: { rows: number; rowClassName?: string }) {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-2">
      <Skeleton className={`${rowClassName} rounded-xl`} />
      {rows > 1 && <Skeleton className={`${rowClassName} rounded-xl`} />}
    </div>
  );
}

export function WidgetEmpty({ text }: { text: string }) {
  return (
    <p className="rounded-xl border border-dashed border-emerald-700/70 px-4 py-6 text-center text-sm text-emerald-100/75">
      {text}
    </p>
  );
}
