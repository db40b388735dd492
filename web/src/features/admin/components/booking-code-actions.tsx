import { type AdminBookingCode, settleMessages } from '@cashtips/contract/booking-codes';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatNaira } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteBookingCode } from '../api/delete-booking-code.ts';
import { type SettleResult, useSettleBookingCode } from '../api/settle-booking-code.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { codeResultLabels, formatAmount, formatDateTime } from '../utils/format.ts';
import { CodeResultBadge } from './badge.tsx';
import { buyersText, slotsText } from './booking-codes-list.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const settleOptions: readonly { result: SettleResult; className: string; effect: string }[] = [
  {
    result: 'won',
    className: 'bg-lime-400 text-emerald-950 hover:bg-lime-300',
    effect: 'Buyers see it as won, and it counts as a win in the success rate.',
  },
  {
    result: 'lost',
    className: 'bg-rose-400 text-rose-950 hover:bg-rose-300',
    effect: 'Buyers see it as lost, and it counts as a loss in the success rate.',
  },
  {
    result: 'void',
    className: 'btn-secondary',
    effect: 'Buyers see it as void; it counts neither as a win nor as a loss.',
  },
];

/** Revenue, buyers, slots and the result; Won / Lost / Void after a confirmation. */
export function BookingCodeSettle({ code }: { code: AdminBookingCode }) {
  const mutation = useSettleBookingCode(code._id);
  const [review, setReview] = useState<SettleResult | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const option = settleOptions.find((candidate) => candidate.result === review);
  // Changing a result already settled is a correction: the server (and the audit log) need a reason.
  const correcting = code.result !== 'pending';
  const reasonId = useId();

  const onConfirm = async () => {
    if (!review) return;
    const given = reason.trim();
    if (correcting && !given) {
      setReasonError(settleMessages.reasonRequired);
      return;
    }
    try {
      const { code: settled } = await mutation.mutateAsync({
        result: review,
        ...(given && { reason: given }),
      });
      setMessage({ tone: 'success', text: `Settled as ${codeResultLabels[settled.result]}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, 'The code was not settled. Please try again.') });
    }
    setReview(null);
    setReason('');
  };

  return (
    <section aria-labelledby="settle-title" className="card p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="settle-title" className="text-base font-bold text-white">
          Result
        </h2>
        <CodeResultBadge result={code.result} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-emerald-200/60">Revenue</dt>
          <dd className="text-lg font-bold text-white tabular-nums">{formatAmount(code.revenue)}</dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-200/60">Buyers</dt>
          <dd className="text-lg font-bold text-white tabular-nums">{buyersText(code)}</dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-200/60">Slots</dt>
          <dd className="text-emerald-50 tabular-nums">{slotsText(code)}</dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-200/60">Price</dt>
          <dd className="text-emerald-50 tabular-nums">{formatNaira(code.price)}</dd>
        </div>
        {code.settledAt && (
          <div className="col-span-2">
            <dt className="text-xs text-emerald-200/60">Settled</dt>
            <dd className="text-emerald-50">{formatDateTime(code.settledAt)}</dd>
          </div>
        )}
      </dl>
      <p className="mt-4 text-sm text-emerald-100/75">
        {code.result === 'pending'
          ? 'Settle the code once its games are over.'
          : 'Settle again to correct the result.'}
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {settleOptions.map(({ result, className }) => (
          <button
            key={result}
            type="button"
            className={`btn min-h-11 px-2 ${className}`}
            disabled={mutation.isPending || code.result === result}
            onClick={() => {
              setMessage(null);
              setReasonError(null);
              setReview(result);
            }}
          >
            {codeResultLabels[result]}
          </button>
        ))}
      </div>
      <div className="mt-3">
        <FormAlert message={message?.tone === 'error' ? message.text : null} />
        <FormAlert tone="success" message={message?.tone === 'success' ? message.text : null} />
      </div>
      <ConfirmDialog
        open={review !== null}
        title={review ? `Settle ${code.bookingCode} as ${codeResultLabels[review]}?` : ''}
        confirmLabel={review ? `Settle as ${codeResultLabels[review]}` : ''}
        tone={review === 'lost' ? 'danger' : 'primary'}
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setReview(null)}
      >
        <p>{option?.effect}</p>
        <p className="mt-2">
          {code.realBuyerCount === 0
            ? 'Nobody has bought it yet.'
            : `${code.realBuyerCount.toLocaleString('en-NG')} ${code.realBuyerCount === 1 ? 'buyer is' : 'buyers are'} affected.`}
        </p>
        <label htmlFor={reasonId} className="mt-4 block text-xs font-semibold text-emerald-100">
          {correcting
            ? `Reason for changing it from ${codeResultLabels[code.result]} (required, kept in the audit log)`
            : 'Reason (optional, kept in the audit log)'}
        </label>
        <textarea
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

/** Delete after a confirmation; the server refuses codes with buyers and its reason is shown here. */
export function BookingCodeDelete({ code }: { code: AdminBookingCode }) {
  const mutation = useDeleteBookingCode(code._id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    try {
      await mutation.mutateAsync();
      toast.success(`Booking code ${code.bookingCode} deleted.`);
      navigate(adminPaths.bookingCodes);
    } catch (failure) {
      setConfirming(false);
      setError(errorMessage(failure, 'The code was not deleted. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="delete-title" className="card border-rose-400/30 p-5">
      <h2 id="delete-title" className="text-base font-bold text-white">
        Delete code
      </h2>
      <p className="mt-1 text-sm text-emerald-100/75">
        Removes the code from the site. A code that has buyers cannot be deleted; settle it instead.
      </p>
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
        Delete code
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete booking code ${code.bookingCode}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>It disappears from the booking codes page at once. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
