import type { AdminDeposit } from '@cashtips/contract/admin';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVerifyDeposit } from '../api/verify-deposit.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatAmount, formatDateTime, providerLabels } from '../utils/format.ts';
import { DepositStatusBadge } from './badge.tsx';
import { DateTime } from './date-time.tsx';
import { bodyCell, bodyRow, card, cardList, headCell, tableClass, tableFrame } from './table-styles.ts';

interface VerifyResult {
  tone: 'success' | 'info' | 'error';
  text: string;
}

const resultColours: Record<VerifyResult['tone'], string> = {
  success: 'text-lime-200',
  info: 'text-emerald-100/85',
  error: 'text-rose-200',
};

/** Pending and failed deposits can be checked with the provider again; settled ones cannot change. */
const canVerify = (deposit: AdminDeposit) => deposit.status === 'pending' || deposit.status === 'failed';

function VerifyAction({
  deposit,
  busy,
  result,
  onVerify,
}: {
  deposit: AdminDeposit;
  busy: boolean;
  result: VerifyResult | undefined;
  onVerify: () => void;
}) {
  if (!canVerify(deposit) && !result) return null;
  return (
    <div className="flex flex-col items-start gap-1.5">
      {canVerify(deposit) && (
        <Button
          variant="secondary"
          className="min-h-9 px-3"
          loading={busy}
          onClick={onVerify}
          aria-label={`Verify deposit ${deposit.reference}`}
        >
          Verify
        </Button>
      )}
      <p role="status" aria-live="polite" className={`text-xs ${result ? resultColours[result.tone] : ''}`}>
        {result?.text}
      </p>
    </div>
  );
}

function UserCell({ deposit }: { deposit: AdminDeposit }) {
  return (
    <>
      <Link
        to={adminPaths.user(deposit.user._id)}
        className="rounded font-semibold text-white underline-offset-4 hover:text-lime-300 hover:underline"
      >
        {deposit.user.name || deposit.user.email}
      </Link>
      <p className="text-xs break-all text-emerald-100/70">{deposit.user.email}</p>
    </>
  );
}

/** Deposits as a table on desktop and cards on phones, with Verify on the rows that can still change. */
export function DepositsList({ deposits }: { deposits: AdminDeposit[] }) {
  const mutation = useVerifyDeposit();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [results, setResults] = useState<Readonly<Record<string, VerifyResult>>>({});

  const verify = async (deposit: AdminDeposit) => {
    const id = deposit._id;
    setBusy((current) => new Set(current).add(id));
    setResults(({ [id]: _dropped, ...rest }) => rest);
    let result: VerifyResult;
    try {
      const answer = await mutation.mutateAsync(id);
      result = { tone: answer.deposit.status === 'success' ? 'success' : 'info', text: answer.message };
    } catch (error) {
      result = {
        tone: 'error',
        text: errorMessage(error, 'Could not verify this deposit. Please try again.'),
      };
    }
    setResults((current) => ({ ...current, [id]: result }));
    setBusy((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };

  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Deposits, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Reference
              </th>
              <th scope="col" className={headCell}>
                User
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Amount
              </th>
              <th scope="col" className={headCell}>
                Status
              </th>
              <th scope="col" className={headCell}>
                Created
              </th>
              <th scope="col" className={headCell}>
                Confirmed
              </th>
            </tr>
          </thead>
          <tbody>
            {deposits.map((deposit) => (
              <tr key={deposit._id} className={bodyRow}>
                <th scope="row" className={`${bodyCell} font-mono text-xs font-normal whitespace-nowrap`}>
                  {deposit.reference}
                </th>
                <td className={`${bodyCell} max-w-56`}>
                  <UserCell deposit={deposit} />
                </td>
                <td className={`${bodyCell} text-right whitespace-nowrap`}>
                  <span className="font-semibold tabular-nums">{formatAmount(deposit.amount)}</span>
                  <span className="block text-xs text-emerald-200/70">
                    {providerLabels[deposit.provider]}
                  </span>
                </td>
                <td className={`${bodyCell} w-48 min-w-40`}>
                  <DepositStatusBadge status={deposit.status} />
                  {deposit.failureReason && (
                    <p className="mt-1 text-xs text-rose-200/80">{deposit.failureReason}</p>
                  )}
                  <div className="mt-2 empty:hidden">
                    <VerifyAction
                      deposit={deposit}
                      busy={busy.has(deposit._id)}
                      result={results[deposit._id]}
                      onVerify={() => void verify(deposit)}
                    />
                  </div>
                </td>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <DateTime iso={deposit.createdAt} />
                </td>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <DateTime iso={deposit.confirmedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Deposits">
        {deposits.map((deposit) => (
          <li key={deposit._id} className={card}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-mono text-xs break-all text-emerald-50">{deposit.reference}</p>
              <DepositStatusBadge status={deposit.status} />
            </div>
            <div className="mt-2 flex items-end justify-between gap-3">
              <div className="min-w-0">
                <UserCell deposit={deposit} />
              </div>
              <p className="shrink-0 text-lg font-bold text-white tabular-nums">
                {formatAmount(deposit.amount)}
              </p>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 border-t border-emerald-800/60 pt-3 text-xs">
              <div>
                <dt className="text-emerald-200/60">Provider</dt>
                <dd className="text-emerald-50">{providerLabels[deposit.provider]}</dd>
              </div>
              <div>
                <dt className="text-emerald-200/60">Created</dt>
                <dd className="text-emerald-50">{formatDateTime(deposit.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-emerald-200/60">Confirmed</dt>
                <dd className="text-emerald-50">{formatDateTime(deposit.confirmedAt)}</dd>
              </div>
              {deposit.failureReason && (
                <div className="col-span-2">
                  <dt className="text-emerald-200/60">Failure reason</dt>
                  <dd className="text-rose-200/90">{deposit.failureReason}</dd>
                </div>
              )}
            </dl>
            <div className="mt-3 empty:hidden">
              <VerifyAction
                deposit={deposit}
                busy={busy.has(deposit._id)}
                result={results[deposit._id]}
                onVerify={() => void verify(deposit)}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
