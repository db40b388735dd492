import type { ToastOptions } from 'react-hot-toast';

/**
 * Toasts through react-hot-toast, loaded on first use: pages that never toast (the landing page) never
 * download it, which keeps them inside the bundle budget. Its defaults are the spec's toast constants.
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

function loadToasts() {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('react-hot-toast');
}

/** Lets the lazily mounted <Toaster> appear once the first toast is asked for. */
export function onToastRequested(listener: Listener): () => void {
  if (requested) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Warms the toast chunk on screens that are likely to toast soon (forms, signed-in pages). */
export function preloadToasts(): void {
  void loadToasts();
}

export const toast = {
  success(message: string, options?: ToastOptions): void {
    void loadToasts().then(({ default: hotToast }) => hotToast.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    void loadToasts().then(({ default: hotToast }) => hotToast.error(message, options));
  },
  /** The spec's warnings (a blocked permission): a plain toast with a warning sign. */
  warning(message: string, options?: ToastOptions): void {
    void loadToasts().then(({ default: hotToast }) => hotToast(message, { icon: '⚠️', ...options }));
  },
};
