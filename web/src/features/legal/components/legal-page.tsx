import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PolicyLinks } from '../../../components/layout/policy-links.tsx';
import { POLICIES_UPDATED } from '../../../config/legal.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A policy page: title, what it covers, date, a table of contents for long reading on a phone, and
 * numbered sections (h2) in a readable measure. Shown in the signed-in layout or the public shell; its
 * tab title is the public page's (contract `plain/page-titles.ts`, applied by app/page-title.tsx).
 */
export function LegalPage({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  const { pathname: path } = useLocation();
  return (
    <article className="mx-auto max-w-3xl">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-emerald-100/75">Last updated {POLICIES_UPDATED}</p>
        <div className="mt-4 text-base leading-7 text-emerald-50/90">{summary}</div>
      </header>
      <nav
        aria-label="On this page"
        className="mt-6 rounded-2xl border border-emerald-800/70 bg-emerald-900/35 p-4"
      >
        <h2 className="text-sm font-semibold text-white">On this page</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-lime-300 underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-8 flex flex-col gap-8">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-bold text-white">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 flex flex-col gap-3 text-[0.95rem] leading-7 text-emerald-50/90">
              {section.body}
            </div>
          </section>
        ))}
      </div>
      <aside aria-label="Other policies" className="mt-10 border-t border-emerald-800/60 pt-5 text-sm">
        <p className="text-emerald-100/75">Also read:</p>
        <div className="mt-1">
          <PolicyLinks except={path} linkClassName="font-semibold text-lime-300" />
        </div>
      </aside>
    </article>
  );
}

/** A bulleted list inside a section. */
export function Points({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-5 marker:text-lime-300">{children}</ul>;
}
