import { itemKinds } from '@cashtips/contract/matches';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useToSettle } from '../../../features/admin/api/get-to-settle.ts';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { listSummary, PagedResults, pickOption } from '../../../features/admin/components/paged-results.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { ToSettleList } from '../../../features/admin/components/to-settle-list.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { itemKindPluralLabels } from '../../../features/admin/utils/format.ts';
import { AdminPage } from '../admin-page.tsx';

/**
 * /admin/to-settle: codes and tips still pending more than 2 hours after their last game kicked off,
 * oldest first, each with what its games wait for: a score (entered on the match) or a hand.
 */
export default function AdminToSettleRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const kind = pickOption(itemKinds, get('kind'));
  const query = useToSettle({ kind, page });
  const data = query.data;
  const [settled, setSettled] = useState<string | null>(null);
  const settledRef = useRef<HTMLDivElement>(null);
  // The settled item's card and buttons leave the list: focus moves to the message saying so.
  useEffect(() => {
    if (settled) settledRef.current?.focus();
  }, [settled]);

  const summary = listSummary(query, 'Loading the queue…', ['item waits', 'items wait']);
  const empty = data && !query.isPlaceholderData && data.items.length === 0;

  return (
    <AdminPage
      title="To settle"
      description="Items still pending 2 hours after their last game kicked off, oldest first. Enter a missing score on its match, or settle the item by hand."
    >
      <SelectField
        label="Kind"
        value={kind}
        onChange={(event) => setFilter('kind', event.target.value)}
        className="max-w-xs"
      >
        <option value="">All kinds</option>
        {itemKinds.map((value) => (
          <option key={value} value={value}>
            {itemKindPluralLabels[value]}
          </option>
        ))}
      </SelectField>
      {settled && (
        <div ref={settledRef} tabIndex={-1} className="outline-none">
          <FormAlert tone="success" message={settled} />
        </div>
      )}
      <ResultsStatus>
        {empty ? (
          <ListEmpty
            action={
              kind ? undefined : (
                <Link
                  to={adminPaths.matches}
                  className="rounded font-semibold text-lime-300 underline-offset-4 hover:underline"
                >
                  See the match results
                </Link>
              )
            }
          >
            {kind
              ? `No ${itemKindPluralLabels[kind].toLowerCase()} wait to be settled.`
              : 'Nothing waits to be settled. An item joins this queue when it is still pending 2 hours after its last game kicked off.'}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.items.length > 0)}
        skeleton={<SkeletonRows rows={3} height="h-48" />}
        errorFallback="Could not load the items to settle."
        pagesLabel="To settle pages"
        page={page}
        onPageChange={setPage}
      >
        <ToSettleList items={data?.items ?? []} onSettled={setSettled} />
      </PagedResults>
    </AdminPage>
  );
}
