import { outcomes } from '@cashtips/contract/matches';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useAdminFreeTips } from '../../../features/admin/api/get-admin-free-tips.ts';
import { FreeTipsList } from '../../../features/admin/components/free-tips-list.tsx';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import {
  listSummary,
  noResultsMessage,
  PagedResults,
  pickOption,
} from '../../../features/admin/components/paged-results.tsx';
import { ResultFilter } from '../../../features/admin/components/result-filter.tsx';
import { SearchField } from '../../../features/admin/components/search-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { useSearchDraft } from '../../../features/admin/components/use-search-draft.ts';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { AdminPage } from '../admin-page.tsx';

function NewTipLink() {
  return (
    <Link to={adminPaths.newFreeTip} className={`${buttonVariants.primary} gap-2`}>
      <PlusIcon className="size-5" />
      New free tip
    </Link>
  );
}

/** /admin/free-tips: every free tip, newest kickoff first, by result and search. */
export default function AdminFreeTipsRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const result = pickOption(outcomes, get('result'));
  const q = get('q');
  const search = useSearchDraft(q, (value) => setFilter('q', value));
  const query = useAdminFreeTips({ result, q, page });
  const data = query.data;

  const summary = listSummary(query, 'Loading free tips…', ['tip', 'tips']);
  const empty = data && !query.isPlaceholderData && data.tips.length === 0;

  return (
    <AdminPage
      title="Free tips"
      description="The public tips, one game each, newest kickoff first. Open a tip to edit, settle or delete it. Times are Lagos time."
    >
      <div>
        <NewTipLink />
      </div>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_9.5rem]">
        <SearchField
          label="Search free tips"
          placeholder="Team, league or prediction"
          value={search.draft}
          onChange={search.setDraft}
          onSubmit={search.submit}
        />
        <ResultFilter value={result} onChange={(event) => setFilter('result', event.target.value)} />
      </div>
      <ResultsStatus>
        {empty ? (
          <ListEmpty action={!q && !result ? <NewTipLink /> : undefined}>
            {noResultsMessage('free tips', q, Boolean(result))}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.tips.length > 0)}
        skeleton={<SkeletonRows height="h-16" />}
        errorFallback="Could not load the free tips."
        pagesLabel="Free tips pages"
        page={page}
        onPageChange={setPage}
      >
        <FreeTipsList tips={data?.tips ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
