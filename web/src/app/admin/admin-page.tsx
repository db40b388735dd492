import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

interface AdminPageProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** Heading, tab title and spacing shared by the admin list screens. */
export function AdminPage({ title, description, children }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-emerald-100/75">{description}</p>}
      </header>
      {children}
    </div>
  );
}
