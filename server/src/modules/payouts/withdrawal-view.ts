import { koboToNaira } from '@cashtips/contract/money';
import {
  type AdminWithdrawal,
  maskAccountNumber,
  type PayoutAccount,
  type Withdrawal,
} from '@cashtips/contract/payouts';
import type { payoutAccounts, withdrawals } from '../../db/schema/index.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** What the views need of the account a withdrawal is paid to. */
export type WithdrawalAccount = Pick<
  PayoutAccountRow,
  'bankCode' | 'bankName' | 'accountNumber' | 'accountName'
>;

export interface WithdrawalOwner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The one place a withdrawal or a payout account becomes JSON. The user's views mask the account
 * number (`******1234`) whoever asks; only the admin view carries the full number (admins pay to it).
 */
export function toPayoutAccountView(account: PayoutAccountRow): PayoutAccount {
  return {
    bankCode: account.bankCode,
    bankName: account.bankName,
    accountNumber: maskAccountNumber(account.accountNumber),
    accountName: account.accountName,
    availableAt: account.availableAt.toISOString(),
  };
}

export function toWithdrawalView(row: WithdrawalRow, account: WithdrawalAccount): Withdrawal {
  return {
    _id: row.id,
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    reference: row.reference,
    bankName: account.bankName,
    accountNumber: maskAccountNumber(account.accountNumber),
    accountName: account.accountName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Only failures and rejections have a reason the user should read.
    reason: row.status === 'failed' || row.status === 'rejected' ? row.reason : null,
  };
}

export function toAdminWithdrawalView(
  row: WithdrawalRow,
  account: WithdrawalAccount,
  owner: WithdrawalOwner,
  /** The reviewing admin's email, when an admin reviewed it. */
  reviewer: string | null,
): AdminWithdrawal {
  return {
    ...toWithdrawalView(row, account),
    reason: row.reason,
    user: { _id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email },
    provider: row.provider,
    reviewReason: row.reviewReason,
    fee: row.feeKobo === null ? null : koboToNaira(row.feeKobo),
    reviewedBy: reviewer,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    bankCode: account.bankCode,
    fullAccountNumber: account.accountNumber,
  };
}
