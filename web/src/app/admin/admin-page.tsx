import type { ReactNode } from 'react';

interface AdminPageProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** Heading and spacing shared by the admin list screens (their tab titles: app/page-titles.ts). */
export function AdminPage({ title, description, children }: AdminPageProps) {
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
