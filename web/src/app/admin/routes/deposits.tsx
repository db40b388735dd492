import { depositStatuses, paymentProviders } from '@cashtips/contract/wallet';
import { useAdminDeposits } from '../../../features/admin/api/get-admin-deposits.ts';
import { DepositsList } from '../../../features/admin/components/deposits-list.tsx';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import {
  listSummary,
  noResultsMessage,
  PagedResults,
  pickOption,
} from '../../../features/admin/components/paged-results.tsx';
import { SearchField } from '../../../features/admin/components/search-field.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { useSearchDraft } from '../../../features/admin/components/use-search-draft.ts';
import { depositStatusLabels, providerLabels } from '../../../features/admin/utils/format.ts';
import { AdminPage } from '../admin-page.tsx';

export default function AdminDepositsRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const status = pickOption(depositStatuses, get('status'));
  const provider = pickOption(paymentProviders, get('provider'));
  const q = get('q');
  const search = useSearchDraft(q, (value) => setFilter('q', value));
  const query = useAdminDeposits({ status, provider, q, page });
  const data = query.data;
  const busy = query.isPlaceholderData;
  const filtered = Boolean(status || provider);

  const summary = listSummary(query, 'Loading deposits…', ['deposit', 'deposits']);
  const empty = data && !busy && data.deposits.length === 0;

  return (
    <AdminPage title="Deposits" description="Every payment attempt; verify a pending one with its provider.">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <SearchField
          label="Search deposits"
          placeholder="Reference or email"
          value={search.draft}
          onChange={search.setDraft}
          onSubmit={search.submit}
        />
        <div className="grid gap-3 min-[26rem]:grid-cols-2 md:contents">
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">All statuses</option>
            {depositStatuses.map((value) => (
              <option key={value} value={value}>
                {depositStatusLabels[value]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Provider"
            value={provider}
            onChange={(event) => setFilter('provider', event.target.value)}
          >
            <option value="">All providers</option>
            {paymentProviders.map((value) => (
              <option key={value} value={value}>
                {providerLabels[value]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <ResultsStatus>
        {empty ? <ListEmpty>{noResultsMessage('deposits', q, filtered)}</ListEmpty> : summary}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.deposits.length > 0)}
        skeleton={<SkeletonRows height="h-16" />}
        errorFallback="Could not load the deposits."
        pagesLabel="Deposits pages"
        page={page}
        onPageChange={setPage}
      >
        <DepositsList deposits={data?.deposits ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
