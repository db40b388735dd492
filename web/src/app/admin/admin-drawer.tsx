import { useRef } from 'react';
import { CloseIcon } from '../../components/ui/icons/close-icon.tsx';
import { useModalFocus } from '../../features/admin/components/use-modal-focus.ts';
import { AdminAccount } from './admin-account.tsx';
import { AdminBadge } from './admin-badge.tsx';
import { AdminNavList } from './admin-nav.tsx';

interface AdminDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Phone navigation of the admin area: a modal drawer with the sections and the account. Focus returns to
 * the button that opened it.
 */
export function AdminDrawer({ open, onClose }: AdminDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModalFocus({ open, onClose, panelRef, initialFocusRef: closeRef });

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-black/60" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Admin menu"
        onKeyDown={onKeyDown}
        className="absolute inset-y-0 left-0 flex w-[85%] max-w-xs flex-col border-r border-amber-300/20 bg-emerald-950 shadow-2xl"
      >
        <div className="flex h-14 items-center justify-between border-b border-emerald-800/70 px-4">
          <div className="flex items-center gap-2">
            <span className="font-extrabold text-white">Menu</span>
            <AdminBadge />
          </div>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="flex size-11 items-center justify-center rounded-xl text-emerald-50 hover:bg-emerald-900"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <nav aria-label="Admin menu links" className="flex-1 overflow-y-auto p-3">
          <AdminNavList onNavigate={onClose} />
        </nav>
        <div className="border-t border-emerald-800/70 p-3">
          <AdminAccount onNavigate={onClose} />
        </div>
      </div>
    </div>
  );
}
