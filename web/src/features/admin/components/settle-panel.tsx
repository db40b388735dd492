import { type CodeResult, type SettleRequest, settleMessages } from '@cashtips/contract/booking-codes';
import { type ReactNode, useId, useRef, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { codeResultLabels } from '../utils/format.ts';
import { CodeResultBadge } from './badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

export type SettleResult = SettleRequest['result'];

const settleOptions: readonly { result: SettleResult; className: string }[] = [
  { result: 'won', className: 'bg-lime-400 text-emerald-950 hover:bg-lime-300' },
  { result: 'lost', className: 'bg-rose-400 text-rose-950 hover:bg-rose-300' },
  { result: 'void', className: 'btn-secondary' },
];

interface SettlePanelProps {
  /** Named in the confirmation: 'Settle SB7X9K2 as Won?' */
  subject: string;
  result: CodeResult;
  /** Sends the settlement; resolves with the result recorded. */
  settle: (settlement: SettleRequest) => Promise<CodeResult>;
  busy: boolean;
  /** What each result means for the people who paid, said in the confirmation. */
  effects: Record<SettleResult, string>;
  /** Who is affected, said in the confirmation: '12 buyers are affected.' */
  affected: string;
  /** Under the figures while the result is pending: 'Settle the code once its games are over.' */
  pendingHint: string;
  failure: string;
  /** The figures shown above the buttons (a <dl>). */
  children: ReactNode;
}

/**
 * The Result card of a booking code or a rollover tip: its figures, then Won / Lost / Void, each after a
 * confirmation. Changing a result already settled is a correction, which needs a reason (the server and
 * the audit log keep it); setting the same result again is refused here as it would change nothing.
 */
export function SettlePanel({
  subject,
  result,
  settle,
  busy,
  effects,
  affected,
  pendingHint,
  failure,
  children,
}: SettlePanelProps) {
  const [review, setReview] = useState<SettleResult | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const correcting = result !== 'pending';
  const titleId = useId();
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const onConfirm = async () => {
    if (!review) return;
    const given = reason.trim();
    if (correcting && !given) {
      setReasonError(settleMessages.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    try {
      const settled = await settle({ result: review, ...(given && { reason: given }) });
      setMessage({ tone: 'success', text: `Settled as ${codeResultLabels[settled]}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, failure) });
    }
    setReview(null);
    setReason('');
  };

  return (
    <section aria-labelledby={titleId} className="card p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-bold text-white">
          Result
        </h2>
        <CodeResultBadge result={result} />
      </div>
      {children}
      <p className="mt-4 text-sm text-emerald-100/75">
        {result === 'pending' ? pendingHint : 'Settle again to correct the result.'}
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {settleOptions.map((option) => (
          <button
            key={option.result}
            type="button"
            className={`btn min-h-11 px-2 ${option.className}`}
            disabled={busy || result === option.result}
            onClick={() => {
              setMessage(null);
              setReasonError(null);
              setReview(option.result);
            }}
          >
            {codeResultLabels[option.result]}
          </button>
        ))}
      </div>
      <div className="mt-3">
        <FormAlert message={message?.tone === 'error' ? message.text : null} />
        <FormAlert tone="success" message={message?.tone === 'success' ? message.text : null} />
      </div>
      <ConfirmDialog
        open={review !== null}
        title={review ? `Settle ${subject} as ${codeResultLabels[review]}?` : ''}
        confirmLabel={review ? `Settle as ${codeResultLabels[review]}` : ''}
        tone={review === 'lost' ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={() => void onConfirm()}
        onCancel={() => setReview(null)}
      >
        <p>{review && effects[review]}</p>
        <p className="mt-2">{affected}</p>
        <label htmlFor={reasonId} className="mt-4 block text-xs font-semibold text-emerald-100">
          {correcting
            ? `Reason for changing it from ${codeResultLabels[result]} (required, kept in the audit log)`
            : 'Reason (optional, kept in the audit log)'}
        </label>
        <textarea
          ref={reasonRef}
          id={reasonId}
          value={reason}
          maxLength={500}
          rows={2}
          required={correcting}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
          className="mt-1 w-full rounded-xl border border-emerald-700 bg-emerald-950/60 px-3 py-2 text-sm text-white placeholder:text-emerald-200/50 focus:border-lime-300 focus:outline-none"
        />
        {reasonError && (
          <p id={`${reasonId}-error`} role="alert" className="mt-1 text-xs text-rose-300">
            {reasonError}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
