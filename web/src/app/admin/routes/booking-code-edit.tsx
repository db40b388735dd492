import { codeCategoryLabels } from '@cashtips/contract/booking-codes';
import { useLocation } from 'react-router';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { useAdminBookingCode } from '../../../features/admin/api/get-admin-booking-code.ts';
import { Badge, CodeResultBadge } from '../../../features/admin/components/badge.tsx';
import {
  BookingCodeDelete,
  BookingCodeSettle,
} from '../../../features/admin/components/booking-code-actions.tsx';
import { BookingCodeBuyers } from '../../../features/admin/components/booking-code-buyers.tsx';
import { BookingCodeForm } from '../../../features/admin/components/booking-code-form.tsx';
import { isExpired } from '../../../features/admin/components/booking-codes-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { formatDateTime } from '../../../features/admin/utils/format.ts';
import { readModelGame } from '../../../features/admin/utils/model-game.ts';
import { usePathId } from '../../../lib/use-path-id.ts';
import { usePageName } from '../../page-title.tsx';
import { BackLink, DetailUnavailable, NewRecordPage } from '../admin-detail.tsx';

function BackToCodes() {
  return <BackLink to={adminPaths.bookingCodes}>All booking codes</BackLink>;
}

/** /admin/booking-codes/new; opened from a model suggestion, its pick is the first game (router state). */
export function AdminNewBookingCodeRoute() {
  const firstGame = readModelGame(useLocation().state);
  return (
    <NewRecordPage
      back={<BackToCodes />}
      title="New booking code"
      description="Users can buy it as soon as it is saved, until it expires."
    >
      <BookingCodeForm firstGame={firstGame} />
    </NewRecordPage>
  );
}

/** /admin/booking-codes/:id: edit, settle, buyers and delete. */
export default function AdminBookingCodeRoute() {
  const id = usePathId(adminPaths.bookingCodes);
  const query = useAdminBookingCode(id);
  const code = query.data?.code;
  usePageName(code ? `Code ${code.bookingCode}` : undefined);

  if (query.isPending || query.isError) {
    return (
      <DetailUnavailable
        query={query}
        back={<BackToCodes />}
        noun="Booking code"
        notFound="There is no booking code at this address. It may have been deleted."
      />
    );
  }

  const detail = query.data.code;
  const expired = isExpired(detail);
  return (
    <div className="flex flex-col gap-6">
      <BackToCodes />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-mono text-2xl font-bold tracking-tight break-all text-white sm:text-3xl">
            {detail.bookingCode}
          </h1>
          <CodeResultBadge result={detail.result} />
          <DemoBadge demo={detail.demo} />
          {expired && <Badge tone="muted">Expired</Badge>}
        </div>
        <p className="text-emerald-100/80">
          {detail.bookmaker} · {codeCategoryLabels[detail.category]} · {expired ? 'expired' : 'expires'}{' '}
          {formatDateTime(detail.expiresAt)}
        </p>
      </header>
      {/*
       * One grid, read top to bottom on phones: result and revenue, the form, buyers, delete. On desktop the
       * result and delete sit beside the form and the buyers table takes the full width below.
       */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr_auto]">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <BookingCodeSettle code={detail} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <BookingCodeForm key={detail._id} code={detail} />
        </div>
        <div className="min-w-0 lg:col-span-2 lg:col-start-1 lg:row-start-3">
          <BookingCodeBuyers codeId={detail._id} revenue={detail.revenue} />
        </div>
        <div className="min-w-0 self-start lg:col-start-2 lg:row-start-2">
          <BookingCodeDelete code={detail} />
        </div>
      </div>
    </div>
  );
}
