import { badgeClass } from './badge-class.ts';

/** What a demo item is, word for word wherever its badge is explained (PRODUCT 15). */
export const demoExplained = 'Sample content made by the demo, counted in no record';

/**
 * A code, plan or tip the demo seeding made (`demo: true`): listed like any other, never counted in a
 * record, so it says so wherever it shows. Nothing for a real item.
 */
export function DemoBadge({ demo }: { demo: boolean }) {
  if (!demo) return null;
  return (
    <span
      data-testid="demo-badge"
      title={demoExplained}
      className={`${badgeClass} bg-violet-400/15 text-violet-200 ring-1 ring-violet-300/30`}
    >
      Demo<span className="sr-only">: {demoExplained.toLowerCase()}</span>
    </span>
  );
}
