import type { UserRole } from '@cashtips/contract/auth';
import type { CodeResult } from '@cashtips/contract/booking-codes';
import type { MatchStatus } from '@cashtips/contract/matches';
import { type WithdrawalStatus, withdrawalStatusLabels } from '@cashtips/contract/payouts';
import { describeRestrictionEnd, type Restriction } from '@cashtips/contract/protection';
import type { DepositStatus } from '@cashtips/contract/wallet';
import type { ReactNode } from 'react';
import { codeResultLabels, depositStatusLabels, matchStatusLabels, roleLabels } from '../utils/format.ts';

type Tone = 'lime' | 'amber' | 'rose' | 'muted';

const tones: Record<Tone, string> = {
  lime: 'border-lime-300/40 bg-lime-400/10 text-lime-200',
  amber: 'border-amber-300/40 bg-amber-400/10 text-amber-200',
  rose: 'border-rose-300/40 bg-rose-500/10 text-rose-200',
  muted: 'border-emerald-700 bg-emerald-900/60 text-emerald-100/80',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

const statusTones: Record<DepositStatus, Tone> = {
  pending: 'amber',
  success: 'lime',
  failed: 'rose',
  abandoned: 'muted',
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  return <Badge tone={statusTones[status]}>{depositStatusLabels[status]}</Badge>;
}

export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge tone={role === 'admin' ? 'amber' : 'muted'}>{roleLabels[role]}</Badge>;
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return <Badge tone={verified ? 'lime' : 'muted'}>{verified ? 'Verified' : 'Unverified'}</Badge>;
}

/** A closed account (PRODUCT 13): its identity is erased, its money records stay. */
export function ClosedBadge({ closedAt }: { closedAt: string | null }) {
  return closedAt ? <Badge tone="rose">Closed, identity erased</Badge> : null;
}

/** A time-out or self-exclusion the user chose (PRODUCT 13): shown to admins, who cannot lift it. */
export function RestrictionBadge({ restriction }: { restriction: Restriction | null }) {
  if (!restriction) return null;
  const until = describeRestrictionEnd(restriction.until);
  return (
    <Badge tone="amber">
      {restriction.kind === 'time-out' ? `On a break until ${until}` : `Self-excluded until ${until}`}
    </Badge>
  );
}

const resultTones: Record<CodeResult, Tone> = {
  pending: 'amber',
  won: 'lime',
  lost: 'rose',
  void: 'muted',
};

export function CodeResultBadge({ result }: { result: CodeResult }) {
  return <Badge tone={resultTones[result]}>{codeResultLabels[result]}</Badge>;
}

const matchStatusTones: Record<MatchStatus, Tone> = {
  scheduled: 'amber',
  finished: 'lime',
  void: 'muted',
};

export function MatchStatusBadge({ status }: { status: MatchStatus }) {
  return <Badge tone={matchStatusTones[status]}>{matchStatusLabels[status]}</Badge>;
}

const withdrawalStatusTones: Record<WithdrawalStatus, Tone> = {
  review: 'amber',
  processing: 'amber',
  paid: 'lime',
  failed: 'rose',
  rejected: 'rose',
  cancelled: 'muted',
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <Badge tone={withdrawalStatusTones[status]}>{withdrawalStatusLabels[status]}</Badge>;
}
