import { koboToNaira } from '@cashtips/contract/money';
import type { Executor } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { getWalletBalances, type WalletBalances } from '../ledger/ledger.ts';

export function balancesInNaira(balances: WalletBalances) {
  return { mainWallet: koboToNaira(balances.mainKobo), bonusWallet: koboToNaira(balances.bonusKobo) };
}

/** After a commit that moved a user's money: tells that user's open screens the new balances. */
export async function announceBalances(db: Executor, realtime: Realtime, userId: string) {
  const balances = balancesInNaira(await getWalletBalances(db, userId));
  realtime.publish({ kind: 'user', userId }, 'wallet', balances);
  return balances;
}
