import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface DeletePanelProps {
  /** The card's heading and its button: 'Delete code'. */
  label: string;
  /** Under the heading: when deleting is refused and what to do instead. */
  description: string;
  /** 'Delete booking code SB7X9K2?' */
  confirmTitle: string;
  /** What deleting does, said in the confirmation. */
  children: ReactNode;
  remove: () => Promise<unknown>;
  busy: boolean;
  onDeleted: () => void;
  failure: string;
}

/**
 * Delete after a confirmation. When the server refuses (e.g. 409, the record has buyers or subscribers),
 * the dialog closes and its reason is shown on the card.
 */
export function DeletePanel({
  label,
  description,
  confirmTitle,
  children,
  remove,
  busy,
  onDeleted,
  failure,
}: DeletePanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const onConfirm = async () => {
    try {
      await remove();
      onDeleted();
    } catch (failed) {
      setConfirming(false);
      setError(errorMessage(failed, failure));
    }
  };

  return (
    <section aria-labelledby={titleId} className="card border-rose-400/30 p-5">
      <h2 id={titleId} className="text-base font-bold text-white">
        {label}
      </h2>
      <p className="mt-1 text-sm text-emerald-100/75">{description}</p>
      <div className="mt-3">
        <FormAlert message={error} />
      </div>
      <Button
        variant="secondary"
        className="mt-3 w-full border-rose-400/50 text-rose-200 hover:bg-rose-500/10"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      >
        {children}
      </ConfirmDialog>
    </section>
  );
}
