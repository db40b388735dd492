import { Button } from '../../../components/ui/button.tsx';
import { useAdminUsers } from '../../../features/admin/api/get-admin-users.ts';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { listSummary, PagedResults } from '../../../features/admin/components/paged-results.tsx';
import { SearchField } from '../../../features/admin/components/search-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { useSearchDraft } from '../../../features/admin/components/use-search-draft.ts';
import { UsersList } from '../../../features/admin/components/users-list.tsx';
import { AdminPage } from '../admin-page.tsx';

export default function AdminUsersRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const q = get('q');
  const search = useSearchDraft(q, (value) => setFilter('q', value));
  const query = useAdminUsers({ q, page });
  const data = query.data;
  const busy = query.isPlaceholderData;

  const status = listSummary(
    query,
    q ? `Searching for “${q}”…` : 'Loading users…',
    ['user', 'users'],
    q ? ` matching “${q}”` : '',
  );
  const empty = data && !busy && data.users.length === 0;

  return (
    <AdminPage title="Users" description="Find an account by email, name or phone number.">
      <SearchField
        label="Search users"
        placeholder="Email, name or phone"
        value={search.draft}
        onChange={search.setDraft}
        onSubmit={search.submit}
        className="max-w-xl"
      />
      <ResultsStatus>
        {empty ? (
          <ListEmpty
            action={
              page > 1 && data.total > 0 ? (
                <Button variant="secondary" onClick={() => setPage(1)}>
                  Go to the first page
                </Button>
              ) : undefined
            }
          >
            {q
              ? `No users match “${q}”`
              : page > 1 && data.total > 0
                ? 'This page is empty.'
                : 'No users yet.'}
          </ListEmpty>
        ) : (
          status
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.users.length > 0)}
        skeleton={<SkeletonRows />}
        errorFallback="Could not load the users."
        pagesLabel="Users pages"
        page={page}
        onPageChange={setPage}
      >
        <UsersList users={data?.users ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
