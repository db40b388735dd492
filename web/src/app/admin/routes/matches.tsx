import { isLagosDay } from '@cashtips/contract/lagos-time';
import { matchViews } from '@cashtips/contract/matches';
import { type MatchView, useAdminMatches } from '../../../features/admin/api/get-admin-matches.ts';
import { DateField } from '../../../features/admin/components/date-field.tsx';
import { FootballStatusPanel } from '../../../features/admin/components/football-status-panel.tsx';
import { LinkQuestionsPanel } from '../../../features/admin/components/link-questions-panel.tsx';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { MatchesList } from '../../../features/admin/components/matches-list.tsx';
import { listSummary, PagedResults, pickOption } from '../../../features/admin/components/paged-results.tsx';
import { SearchField } from '../../../features/admin/components/search-field.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { useSearchDraft } from '../../../features/admin/components/use-search-draft.ts';
import { AdminPage } from '../admin-page.tsx';

const viewLabels: Record<MatchView, string> = {
  awaiting: 'Awaiting result',
  upcoming: 'Upcoming',
  finished: 'Finished',
  all: 'All matches',
  'waiting-admin': 'Waiting for you',
};

/** What an empty view says when nothing narrows it. */
const emptyViewMessages: Record<MatchView, string> = {
  awaiting: 'No match is waiting for a result: every game that kicked off over 2 hours ago has its score.',
  upcoming: 'No upcoming matches have games on them.',
  finished: 'No match has a result yet.',
  all: 'No matches registered yet. A match is registered when a tip or code puts a game on it.',
  'waiting-admin':
    'No match is waiting for you: every result the provider gave was consistent, and none is held.',
};

function emptyMessage(view: MatchView, q: string, day: string): string {
  if (!q && !day) return emptyViewMessages[view];
  const where = `${view === 'all' ? 'No matches' : `No ${viewLabels[view].toLowerCase()} matches`}`;
  return q ? `${where} match “${q}”${day ? ' on that day' : ''}.` : `${where} on that day.`;
}

/**
 * /admin/matches: the registered matches, awaiting a result first (kicked off over 2 hours ago with games
 * still pending). Opening one gives its score form and every game on it.
 */
export default function AdminMatchesRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  // The default view stays out of the address; an unknown one means the default.
  const view = pickOption(matchViews, get('view')) || 'awaiting';
  const day = isLagosDay(get('day')) ? get('day') : '';
  const q = get('q');
  const search = useSearchDraft(q, (value) => setFilter('q', value));
  const query = useAdminMatches({ view, q, day, page });
  const data = query.data;

  const summary = listSummary(query, 'Loading matches…', ['match', 'matches']);
  const empty = data && !query.isPlaceholderData && data.matches.length === 0;

  return (
    <AdminPage
      title="Match results"
      description="Enter a match’s final score once: every game on it read from the score is settled, and each code or tip whose games are then all decided. Times are Lagos time."
    >
      <FootballStatusPanel />
      <LinkQuestionsPanel />
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <SearchField
          label="Search matches"
          placeholder="Team or league"
          value={search.draft}
          onChange={search.setDraft}
          onSubmit={search.submit}
        />
        <div className="grid gap-3 min-[26rem]:grid-cols-2 md:contents">
          <SelectField
            label="Show"
            value={view}
            onChange={(event) =>
              setFilter('view', event.target.value === 'awaiting' ? '' : event.target.value)
            }
          >
            {matchViews.map((value) => (
              <option key={value} value={value}>
                {viewLabels[value]}
              </option>
            ))}
          </SelectField>
          <DateField
            label="Day (Lagos)"
            value={day}
            onChange={(event) => setFilter('day', isLagosDay(event.target.value) ? event.target.value : '')}
          />
        </div>
      </div>
      <ResultsStatus>{empty ? <ListEmpty>{emptyMessage(view, q, day)}</ListEmpty> : summary}</ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.matches.length > 0)}
        skeleton={<SkeletonRows height="h-16" />}
        errorFallback="Could not load the matches."
        pagesLabel="Matches pages"
        page={page}
        onPageChange={setPage}
      >
        <MatchesList matches={data?.matches ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
