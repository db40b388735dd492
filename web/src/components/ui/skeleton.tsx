/** A placeholder block; give it the size of what it stands for so nothing moves when the content arrives. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-lg bg-emerald-800/60 ${className}`} />
  );
}
