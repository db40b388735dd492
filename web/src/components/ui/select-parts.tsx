import { inputClass } from './text-field.tsx';

// A <select> matches :read-only, which gives read-only inputs a dashed border; selects keep the plain one.
export const selectClass = inputClass
  .split(' ')
  .filter((name) => !name.startsWith('read-only:'))
  .join(' ');

/**
 * The arrow of a styled <select> (its own is hidden by `appearance-none`). Drawn here rather than
 * with ChevronDownIcon: the landing page loads that icon, and sharing it with the signed-in chunks
 * would split the landing page's icons into one more file (the landing budget is tight).
 */
export function SelectChevron() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-emerald-200/70"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
