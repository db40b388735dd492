import {
  type AdjustmentRequest,
  type AdminUserDetailResponse,
  adjustmentRequestSchema,
} from '@cashtips/contract/admin';
import type { WalletType } from '@cashtips/contract/wallet';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FieldError, inputBorder, inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useRequestKey } from '../../../lib/request-key.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useAdjustUserWallet } from '../api/adjust-user-wallet.ts';
import { formatAmount, walletLabels } from '../utils/format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SelectField } from './select-field.tsx';

type Field = 'wallet' | 'amount' | 'reason';
type Direction = 'credit' | 'debit';

const REASON_MAX = 500;

/** What the admin typed, as naira: null when it is not a plain positive-looking number. */
function parseAmount(text: string): number | null {
  const raw = text.replace(/[\s,₦]/g, '');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(raw)) return null;
  return Number(raw);
}

function amountError(text: string, value: number | null): string | undefined {
  if (!text.trim()) return 'Enter an amount in naira.';
  if (/^\s*-/.test(text)) return 'Enter the amount without a minus; choose Debit to take money out.';
  if (value === null) return 'Enter an amount in naira, e.g. 5000 or 5000.50.';
  if (value <= 0) return 'Enter an amount greater than ₦0.';
  return undefined;
}

/** The adjustment restated in words, e.g. 'Debit ₦5,000 from Main wallet of ada@example.com?'. */
export function describeAdjustment(request: { wallet: WalletType; amount: number }, email: string): string {
  const amount = formatAmount(Math.abs(request.amount));
  const wallet = walletLabels[request.wallet];
  return request.amount < 0
    ? `Debit ${amount} from ${wallet} of ${email}?`
    : `Credit ${amount} to ${wallet} of ${email}?`;
}

/**
 * Credit or debit one of the user's wallets. Admins pick Credit or Debit instead of typing a sign; the
 * request sends the signed amount. A confirmation restates the effect before anything is posted.
 */
export function AdjustWalletForm({ user }: { user: AdminUserDetailResponse['user'] }) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [wallet, setWallet] = useState<WalletType>('main');
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [review, setReview] = useState<(AdjustmentRequest & { amount: number }) | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const mutation = useAdjustUserWallet(user._id);
  const reasonId = useId();
  // The key of an adjustment whose outcome is unknown (no answer came): confirming the same adjustment
  // again reuses it, so the server applies it at most once. Any answer settles it.
  const requestKey = useRequestKey();

  const balance = wallet === 'main' ? user.mainWallet : user.bonusWallet;

  const onReview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setSuccess(null);
    const value = parseAmount(amount);
    const invalidAmount = amountError(amount, value);
    const signed = value !== null && value > 0 ? (direction === 'debit' ? -value : value) : 1;
    const parsed = adjustmentRequestSchema.safeParse({ wallet, amount: signed, reason });
    const fieldErrors = parsed.success ? {} : toFieldErrors<Field>(parsed.error.issues);
    if (invalidAmount) fieldErrors.amount = invalidAmount;
    if (!parsed.success || invalidAmount) {
      reject(fieldErrors);
      return;
    }
    setErrors({});
    setReview(parsed.data);
  };

  const onConfirm = async () => {
    if (!review) return;
    try {
      const result = await mutation.mutateAsync({ body: review, idempotencyKey: requestKey.keyFor(review) });
      requestKey.settled();
      setSuccess(result.message || 'The wallet was adjusted.');
      setAmount('');
      setReason('');
      setReview(null);
    } catch (error) {
      requestKey.settled(error);
      setReview(null);
      if (error instanceof ApiError && error.errors.length > 0) reject(toFieldErrors<Field>(error.errors));
      const fallback =
        error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE'
          ? 'The wallet balance does not cover this debit.'
          : 'The adjustment failed. Please try again.';
      setFormError(errorMessage(error, fallback));
    }
  };

  const after = review ? balance + review.amount : null;

  return (
    <section aria-labelledby="adjust-title" className="card p-5">
      <h2 id="adjust-title" className="text-base font-bold text-white">
        Credit or debit
      </h2>
      <p className="mt-1 text-sm text-emerald-100/70">
        Every adjustment is recorded in the ledger and the audit log.
      </p>
      <form ref={formRef} noValidate onSubmit={onReview} className="mt-4 flex flex-col gap-1.5">
        <SelectField
          label="Wallet"
          value={wallet}
          onChange={(event) => setWallet(event.target.value === 'bonus' ? 'bonus' : 'main')}
          hint={`Balance: ${formatNaira(balance)}`}
          error={errors.wallet}
        >
          <option value="main">{walletLabels.main}</option>
          <option value="bonus">{walletLabels.bonus}</option>
        </SelectField>
        <fieldset className="mt-3">
          <legend className="mb-1.5 text-sm font-medium text-emerald-50">Direction</legend>
          <div className="grid grid-cols-2 gap-1 rounded-xl border border-emerald-700 bg-emerald-950/60 p-1">
            {(['credit', 'debit'] as const).map((option) => {
              const checked = direction === option;
              const colours =
                option === 'credit' ? 'bg-lime-400 text-emerald-950' : 'bg-rose-400 text-rose-950';
              return (
                <label
                  key={option}
                  className={`flex min-h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lime-300 ${
                    checked ? colours : 'text-emerald-100 hover:bg-emerald-800/60'
                  }`}
                >
                  <input
                    type="radio"
                    name="direction"
                    value={option}
                    checked={checked}
                    onChange={() => setDirection(option)}
                    className="sr-only"
                  />
                  {option === 'credit' ? 'Credit' : 'Debit'}
                </label>
              );
            })}
          </div>
          <p className="mt-1 text-xs text-emerald-200/70">
            {direction === 'credit' ? 'Adds money to the wallet.' : 'Takes money out of the wallet.'}
          </p>
        </fieldset>
        <TextField
          className="mt-3"
          label="Amount (₦)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="5000"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
        <div>
          <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-emerald-50">
            Reason
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${reasonId}-hint ${reasonId}-error`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={`${inputClass} ${inputBorder(Boolean(errors.reason))} h-auto resize-y py-3`}
          />
          <p id={`${reasonId}-hint`} className="mt-1 flex justify-between gap-3 text-xs text-emerald-200/70">
            <span>Required; kept in the audit log.</span>
            <span aria-hidden="true">
              {reason.length}/{REASON_MAX}
            </span>
          </p>
          <FieldError id={`${reasonId}-error`} message={errors.reason} />
        </div>
        <FormAlert message={formError} />
        <FormAlert tone="success" message={success} />
        <Button type="submit" className="mt-2 w-full">
          {direction === 'credit' ? 'Review credit' : 'Review debit'}
        </Button>
      </form>
      <ConfirmDialog
        open={review !== null}
        title={review ? describeAdjustment(review, user.email) : ''}
        confirmLabel={
          review ? `${review.amount < 0 ? 'Debit' : 'Credit'} ${formatAmount(Math.abs(review.amount))}` : ''
        }
        tone={review && review.amount < 0 ? 'danger' : 'primary'}
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setReview(null)}
      >
        {review && after !== null && (
          <>
            <p>
              {walletLabels[review.wallet]} balance: {formatNaira(balance)} now,{' '}
              {after >= 0 ? `${formatAmount(after)} after.` : 'which does not cover this debit.'}
            </p>
            <p className="mt-2 break-words">Reason: “{review.reason}”</p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
