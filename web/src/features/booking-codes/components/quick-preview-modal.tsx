import type { BookingCode } from '@cashtips/contract/booking-codes';
import { ConfidenceBadge } from '../../../components/ui/badge.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import { CategoryBadge, codeTakeUp, isExpired, OddsBadge, previewUrgencyLabel } from './code-badges.tsx';

interface QuickPreviewModalProps {
  code: BookingCode | null;
  onClose: () => void;
  onBuy: (code: BookingCode) => void;
  onOpen: (code: BookingCode) => void;
}

/** A code at a glance without leaving the list: its games (picks hidden until bought), odds and price. */
export function QuickPreviewModal({ code, onClose, onBuy, onOpen }: QuickPreviewModalProps) {
  const money = useMoney();
  const restricted = useRestriction() !== null;
  if (!code) return null;
  const expired = isExpired(code);
  return (
    <Modal open onClose={onClose} title="Quick Preview" description={`${code.bookmaker} booking code`}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <span
            data-testid="preview-urgency"
            className="inline-flex items-center rounded-full bg-lime-400/15 px-2.5 py-0.5 text-xs font-semibold text-lime-300"
          >
            {previewUrgencyLabel(code, expired)}
          </span>
          <CategoryBadge category={code.category} />
          <DemoBadge demo={code.demo} />
          <ConfidenceBadge confidence={code.confidence} />
          <OddsBadge odds={code.totalOdds} />
          <span data-testid="take-up" className="text-xs text-emerald-100/80">
            {codeTakeUp(code).text}
          </span>
        </div>
        {/* Below 360 px a third of the dialog is narrower than a time left in days ("3d 23h 10m"):
            the expiry takes its own row there. */}
        <dl className="grid grid-cols-2 gap-2 text-center min-[360px]:grid-cols-3">
          <div className="rounded-xl bg-emerald-950/60 p-2">
            <dt className="text-[11px] text-emerald-200/70">Odds</dt>
            <dd className="font-bold text-white">{code.totalOdds.toFixed(2)}</dd>
          </div>
          <div className="rounded-xl bg-emerald-950/60 p-2">
            <dt className="text-[11px] text-emerald-200/70">Price</dt>
            <dd className="font-bold text-lime-300">{money.format(code.price)}</dd>
          </div>
          <div className="col-span-2 rounded-xl bg-emerald-950/60 p-2 min-[360px]:col-span-1">
            <dt className="text-[11px] text-emerald-200/70">Expires</dt>
            <dd className="text-sm">
              <Countdown expiresAt={code.expiresAt} />
            </dd>
          </div>
        </dl>
        <ul aria-label="Games" className="flex flex-col gap-2">
          {code.games.map((game, index) => (
            <li
              // Games have no id; their order is fixed by the admin.
              // biome-ignore lint/suspicious/noArrayIndexKey: stable order
              key={index}
              className="rounded-xl border border-emerald-800/70 px-3 py-2 text-sm"
            >
              <p className="font-semibold text-white">
                {game.teamA} vs {game.teamB}
              </p>
              <p className="text-xs text-emerald-100/70">
                {game.league} · {formatDateTime(game.kickoff)}
              </p>
            </li>
          ))}
        </ul>
        <p className="font-mono text-lg font-bold tracking-wider text-white">{code.bookingCode}</p>
        <div className="flex gap-2">
          <button type="button" className="btn btn-secondary flex-1" onClick={() => onOpen(code)}>
            Full details
          </button>
          {!code.alreadyPurchased && !expired && !restricted && (
            <button type="button" className="btn btn-primary flex-1" onClick={() => onBuy(code)}>
              Buy Now
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
