import type { SettleRequest } from '@cashtips/contract/booking-codes';
import type { ItemKind, Outcome } from '@cashtips/contract/matches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultsChanged } from './admin-query.ts';
import { settleBookingCode } from './settle-booking-code.ts';
import { settleFreeTip } from './settle-free-tip.ts';
import { settleRolloverTip } from './settle-rollover-tip.ts';

export interface SettleItemVariables extends SettleRequest {
  kind: ItemKind;
  itemId: string;
}

/** Settles any kind of item by hand through its own endpoint; resolves with the result recorded. */
export async function settleItem({ kind, itemId, ...settlement }: SettleItemVariables): Promise<Outcome> {
  if (kind === 'code') return (await settleBookingCode(itemId, settlement)).code.result;
  if (kind === 'rollover') return (await settleRolloverTip(itemId, settlement)).tip.result;
  return (await settleFreeTip(itemId, settlement)).tip.result;
}

/** Settling from the to-settle queue: the queue, the matches and the item's own screens refetch. */
export function useSettleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleItem,
    onSuccess: () => resultsChanged(queryClient),
  });
}
