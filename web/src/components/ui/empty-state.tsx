import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  message: string;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, message, action, className = '' }: EmptyStateProps) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-emerald-700/70 px-5 py-10 text-center ${className}`}
    >
      <span className="icon-box">{icon}</span>
      <div>
        <p className="font-semibold text-white">{title}</p>
        <p className="mt-1 max-w-sm text-sm text-emerald-100/75">{message}</p>
      </div>
      {action}
    </div>
  );
}
