import { type ReactNode, useId } from 'react';

/** A titled card of an admin form; its heading names the region. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card min-w-0 p-4 sm:p-5">
      <h2 id={titleId} className="mb-3 text-base font-bold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
