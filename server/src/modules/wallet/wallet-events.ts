import { koboToNaira } from '@cashtips/contract/money';
import type { Withdrawal } from '@cashtips/contract/payouts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { WalletBalances } from '../ledger/ledger.ts';

export function balancesInNaira(balances: WalletBalances) {
  return { mainWallet: koboToNaira(balances.mainKobo), bonusWallet: koboToNaira(balances.bonusKobo) };
}

/** After a commit that moved a user's money: tells that user's open screens the new balances. */
export function announceWalletBalances(realtime: Realtime, userId: string, balances: WalletBalances) {
  const inNaira = balancesInNaira(balances);
  realtime.publish({ kind: 'user', userId }, 'wallet', inNaira);
  return inNaira;
}

/** After a commit that changed one of a user's withdrawals: its view (as the list answers it) to their screens. */
export function announceWithdrawal(realtime: Realtime, userId: string, withdrawal: Withdrawal): void {
  realtime.publish({ kind: 'user', userId }, 'withdrawal', withdrawal);
}
