import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalFocusOptions {
  open: boolean;
  onClose: () => void;
  panelRef: RefObject<HTMLElement | null>;
  /** Focused on open; the first focusable element of the panel otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** While true (a request in flight), Escape does not close. */
  locked?: boolean;
}

/**
 * Modal behaviour for a dialog or drawer: focus moves in on open and back to where it was on close,
 * Tab cycles inside, Escape closes, the page behind does not scroll. Returns the panel's key handler.
 */
export function useModalFocus({
  open,
  onClose,
  panelRef,
  initialFocusRef,
  locked = false,
}: ModalFocusOptions) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = initialFocusRef?.current ?? panelRef.current?.querySelector<HTMLElement>(focusableSelector);
    first?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, panelRef, initialFocusRef]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!locked) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
}
