import type { ReactNode } from 'react';

const emphases = {
  none: 'text-emerald-50',
  medium: 'font-semibold text-white',
  strong: 'text-lg font-bold text-white',
} as const;

/** A label over a figure, in a <dl> of a card; `wide` spans two columns. */
export function Figure({
  label,
  emphasis = 'none',
  wide = false,
  children,
}: {
  label: string;
  emphasis?: keyof typeof emphases;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs text-emerald-200/60">{label}</dt>
      <dd className={`tabular-nums ${emphases[emphasis]}`}>{children}</dd>
    </div>
  );
}

/** The figures of a settle or status card, two to a row. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">{children}</dl>;
}

/** The figures of a list's card on phones, three to a row under a rule. */
export function CardFigures({ children }: { children: ReactNode }) {
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-emerald-800/60 pt-3 text-sm">{children}</dl>
  );
}
