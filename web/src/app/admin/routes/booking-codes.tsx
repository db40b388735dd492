import { codeCategories, codeCategoryLabels, codeResults } from '@cashtips/contract/booking-codes';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useAdminBookingCodes } from '../../../features/admin/api/get-admin-booking-codes.ts';
import { BookingCodesList } from '../../../features/admin/components/booking-codes-list.tsx';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import {
  listSummary,
  noResultsMessage,
  PagedResults,
  pickOption,
} from '../../../features/admin/components/paged-results.tsx';
import { ResultFilter } from '../../../features/admin/components/result-filter.tsx';
import { SearchField } from '../../../features/admin/components/search-field.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { useSearchDraft } from '../../../features/admin/components/use-search-draft.ts';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { codeStatusLabels } from '../../../features/admin/utils/format.ts';
import { AdminPage } from '../admin-page.tsx';

const statuses = ['active', 'expired'] as const;

function NewCodeLink() {
  return (
    <Link to={adminPaths.newBookingCode} className={`${buttonVariants.primary} gap-2`}>
      <PlusIcon className="size-5" />
      New code
    </Link>
  );
}

export default function AdminBookingCodesRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const category = pickOption(codeCategories, get('category'));
  const status = pickOption(statuses, get('status'));
  const result = pickOption(codeResults, get('result'));
  const q = get('q');
  const search = useSearchDraft(q, (value) => setFilter('q', value));
  const query = useAdminBookingCodes({ category, status, result, q, page });
  const data = query.data;
  const busy = query.isPlaceholderData;
  const filtered = Boolean(category || status || result);

  const summary = listSummary(query, 'Loading booking codes…', ['code', 'codes']);
  const empty = data && !busy && data.codes.length === 0;

  return (
    <AdminPage
      title="Booking codes"
      description="Codes on sale, their buyers and results. Open a code to edit, settle or delete it."
    >
      <div>
        <NewCodeLink />
      </div>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_9.5rem_9.5rem_9.5rem]">
        <SearchField
          label="Search booking codes"
          placeholder="Code, bookmaker or team"
          value={search.draft}
          onChange={search.setDraft}
          onSubmit={search.submit}
        />
        <div className="grid gap-3 min-[26rem]:grid-cols-2 md:contents">
          <SelectField
            label="Category"
            value={category}
            onChange={(event) => setFilter('category', event.target.value)}
          >
            <option value="">All</option>
            {codeCategories.map((value) => (
              <option key={value} value={value}>
                {codeCategoryLabels[value]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">All</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {codeStatusLabels[value]}
              </option>
            ))}
          </SelectField>
          <ResultFilter value={result} onChange={(event) => setFilter('result', event.target.value)} />
        </div>
      </div>
      <ResultsStatus>
        {empty ? (
          <ListEmpty action={!q && !filtered ? <NewCodeLink /> : undefined}>
            {noResultsMessage('booking codes', q, filtered)}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.codes.length > 0)}
        skeleton={<SkeletonRows height="h-16" />}
        errorFallback="Could not load the booking codes."
        pagesLabel="Booking codes pages"
        page={page}
        onPageChange={setPage}
      >
        <BookingCodesList codes={data?.codes ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
