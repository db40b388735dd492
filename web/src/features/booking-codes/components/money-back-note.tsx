import type { BookingCode } from '@cashtips/contract/booking-codes';
import { moneyBackPromise } from './code-badges.tsx';

const settledWords = { lost: 'lost', void: 'was void' } as const;

/**
 * The line under a money-back code: its promise while it can still lose; once it settled lost or void,
 * that the price came back. `refund` names the buyer's own amount and wallet when they are known (the
 * purchase's detail); null when the purchase cost nothing, so nothing was refunded.
 */
export function MoneyBackNote({
  code,
  refund,
}: {
  code: Pick<BookingCode, 'moneyBack' | 'alreadyPurchased' | 'result'>;
  refund?: { amount: string; wallet: 'main' | 'bonus' } | null;
}) {
  if (!code.moneyBack) return null;
  const settled = code.result === 'lost' || code.result === 'void' ? settledWords[code.result] : null;
  let text = `${moneyBackPromise.toLowerCase()}.`;
  if (settled && !code.alreadyPurchased) text = `this code ${settled}, so its buyers got their money back.`;
  else if (settled && refund === null) return null;
  else if (settled && refund)
    text = `this code ${settled}, so ${refund.amount} was refunded to your ${refund.wallet} wallet.`;
  else if (settled) text = `this code ${settled}, so the price you paid was refunded to your wallet.`;
  return (
    <p data-testid="money-back-note" className="text-sm text-teal-100">
      <span className="font-bold text-teal-200">Money back:</span> {text}
    </p>
  );
}
