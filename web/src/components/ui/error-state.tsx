import { Button } from './button.tsx';
import { AlertCircleIcon } from './icons/alert-circle-icon.tsx';

interface ErrorStateProps {
  title: string;
  /** The server's sentence, or a hint about the connection. */
  message?: string | undefined;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load, in place of the content, with a Retry button. */
export function ErrorState({ title, message, onRetry, retrying = false, className = '' }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center justify-center gap-3 rounded-2xl border border-rose-400/30 bg-rose-500/5 px-5 py-8 text-center ${className}`}
    >
      <AlertCircleIcon className="size-8 text-rose-300" />
      <div>
        <p className="font-semibold text-white">{title}</p>
        {message && <p className="mt-1 text-sm text-emerald-100/75">{message}</p>}
      </div>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}
