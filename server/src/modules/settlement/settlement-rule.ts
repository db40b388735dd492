import { settleMessages } from '@cashtips/contract/booking-codes';
import { AppError } from '../../lib/app-error.ts';

export type SettledResult = 'won' | 'lost' | 'void';

/**
 * The settlement rule of PRODUCT 6b and 10, for every settled thing (booking codes now, tips
 * later): a pending item is settled once; the same result again changes nothing; a different
 * result on a settled item is a correction, allowed only with a reason (422 without one).
 */
export function settlementChange(
  current: 'pending' | SettledResult,
  requested: SettledResult,
  reason: string | undefined,
): 'unchanged' | 'settle' | 'correct' {
  if (current === requested) return 'unchanged';
  if (current === 'pending') return 'settle';
  if (!reason)
    throw new AppError('BUSINESS_RULE', 422, settleMessages.reasonRequired, {
      errors: [{ field: 'reason', message: settleMessages.reasonRequired }],
    });
  return 'correct';
}
