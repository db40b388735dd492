import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useModalFocus } from './use-modal-focus.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** Restates what will happen, in the admin's terms. */
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Focused on open instead of Cancel: a field the action needs (a required reason). */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The second step of every admin action that changes money or rights. Focus starts on Cancel, the
 * harmless choice; while the request runs neither button nor Escape closes it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  initialFocusRef,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModalFocus({
    open,
    onClose: onCancel,
    panelRef,
    initialFocusRef: initialFocusRef ?? cancelRef,
    locked: busy,
  });

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-black/70"
        onClick={busy ? undefined : onCancel}
      />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        className="relative w-full max-w-md rounded-2xl border border-emerald-700 bg-emerald-900 p-5 shadow-2xl shadow-black/60 sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-bold text-white">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-emerald-100/85">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary"
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <Button
            loading={busy}
            onClick={onConfirm}
            className={tone === 'danger' ? 'bg-rose-400 text-rose-950 hover:bg-rose-300' : ''}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
