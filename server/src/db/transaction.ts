import type { Database, Transaction } from './client.ts';

/** Work to do once the transaction has committed: socket events, mail, anything outside the database. */
export type AfterCommit = (effect: () => void | Promise<void>) => void;

/**
 * Runs `work` in a transaction and, only if it commits, the side effects it queued. A rolled-back
 * transaction never announces anything.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Transaction, afterCommit: AfterCommit) => Promise<T>,
  onEffectError: (error: unknown) => void = () => {},
): Promise<T> {
  const effects: Array<() => void | Promise<void>> = [];
  const result = await db.transaction((tx) => work(tx, (effect) => effects.push(effect)));
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      onEffectError(error);
    }
  }
  return result;
}
