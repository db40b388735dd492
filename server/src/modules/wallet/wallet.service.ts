import { randomUUID } from 'node:crypto';
import { describeNaira, nairaToKobo } from '@cashtips/contract/money';
import { walletMessages } from '@cashtips/contract/wallet';
import type { MoneyRules } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import { balancesAfter, lockWalletBalances, moveMoney } from '../ledger/ledger.ts';
import { announceWalletBalances } from './wallet-events.ts';

export class WalletService {
  constructor(private readonly deps: { db: Database; clock: Clock; realtime: Realtime; money: MoneyRules }) {}

  /**
   * Bonus to main wallet, once the bonus has reached the configured minimum. `requestKey` (the
   * client's Idempotency-Key header) makes a retried request move the money once.
   */
  async withdrawBonus(userId: string, amountNaira: number, requestKey: string | undefined) {
    const amountKobo = nairaToKobo(amountNaira);
    const minimumKobo = BigInt(this.deps.money.minimumBonusWithdrawalNaira) * 100n;
    const after = await inTransaction(this.deps.db, async (tx, afterCommit) => {
      const balances = await lockWalletBalances(tx, userId);
      if (balances.bonusKobo < minimumKobo || balances.bonusKobo === 0n) {
        throw new AppError(
          'BUSINESS_RULE',
          422,
          `You can withdraw your bonus once it reaches ${describeNaira(minimumKobo)}. Your bonus balance is ${describeNaira(balances.bonusKobo)}.`,
        );
      }
      if (amountKobo > balances.bonusKobo) {
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          422,
          `You can withdraw at most ${describeNaira(balances.bonusKobo)}, your bonus balance.`,
        );
      }
      const movement = await moveMoney(tx, {
        kind: 'bonus_transfer',
        idempotencyKey: `withdraw-bonus:${userId}:${requestKey ?? randomUUID()}`,
        description: 'Bonus moved to main wallet',
        postings: [
          { account: { userId, wallet: 'bonus' }, amountKobo: -amountKobo },
          { account: { userId, wallet: 'main' }, amountKobo },
        ],
      });
      const after = balancesAfter(movement, userId);
      if (!movement.applied) return after;
      const activity = await addActivity(tx, userId, this.deps.clock.now(), {
        icon: 'arrow',
        color: 'lime',
        title: 'Bonus withdrawn',
        description: `${describeNaira(amountKobo)} moved from your bonus wallet to your main wallet.`,
      });
      afterCommit(() => announceActivity(this.deps.realtime, userId, activity));
      return after;
    });
    const balances = announceWalletBalances(this.deps.realtime, userId, after);
    return { message: walletMessages.withdrawSuccess, ...balances };
  }
}
