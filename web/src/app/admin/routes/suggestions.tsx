import { modelLeagues, predictionMessages } from '@cashtips/contract/predictions';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { usePredictionSuggestions } from '../../../features/admin/api/get-prediction-suggestions.ts';
import { useRefitModel } from '../../../features/admin/api/refit-model.ts';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { listSummary, PagedResults } from '../../../features/admin/components/paged-results.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { FitList, SuggestionsList } from '../../../features/admin/components/suggestions-list.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { AdminPage } from '../admin-page.tsx';

/** How far ahead kickoffs are listed; a week unless the address says otherwise (`?days=`). */
const dayOptions = [1, 3, 7, 14, 30] as const;
const DEFAULT_DAYS = 7;
const daysLabel = (days: number) => (days === 1 ? 'Next 24 hours' : `Next ${days} days`);
const toDays = (value: string) => dayOptions.find((days) => String(days) === value) ?? DEFAULT_DAYS;
/** Only the modelled leagues' names reach the request; anything else in the address means every league. */
const toLeague = (value: string) => modelLeagues.find((league) => league.name === value)?.name ?? '';

function emptyText(days: number, league: string): string {
  if (days === DEFAULT_DAYS && !league) return predictionMessages.noSuggestions;
  return `No registered ${league ? `${league} ` : ''}matches kick off in the ${daysLabel(days).toLowerCase()}.`;
}

/** The latest fits and the refit button; the answer's sentence comes back as a toast. */
function ModelStatus({ fits }: { fits: Parameters<typeof FitList>[0]['fits'] | undefined }) {
  const refit = useRefitModel();
  const onRefit = () =>
    refit.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message || predictionMessages.fitQueued),
      onError: (error) => toast.error(errorMessage(error, 'The refit was not queued. Please try again.')),
    });
  return (
    <section aria-labelledby="model-fits-title" className="card gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="model-fits-title" className="text-base font-bold text-white">
          The model’s latest fits
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={adminPaths.model} className={buttonVariants.ghost}>
            Calibration and RPS
          </Link>
          <Button variant="secondary" onClick={onRefit} loading={refit.isPending}>
            Refit now
          </Button>
        </div>
      </div>
      {fits ? (
        <FitList fits={fits} />
      ) : (
        <div aria-hidden="true" className="h-5 w-3/4 animate-pulse rounded-md bg-emerald-900/60" />
      )}
    </section>
  );
}

/**
 * /admin/suggestions: upcoming registered matches priced by the model (time-weighted Dixon-Coles on past
 * results), with every pick's probability and fair odds, the edge against a price the admin types, and one
 * click to post a pick as a free tip or to start a rollover tip or booking code with it.
 */
export default function AdminSuggestionsRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const days = toDays(get('days'));
  const league = toLeague(get('league'));
  const query = usePredictionSuggestions({ days, league, page });
  const data = query.data;
  const summary = listSummary(query, 'Loading suggestions…', ['match', 'matches']);
  const empty = data && !query.isPlaceholderData && data.matches.length === 0;

  return (
    <AdminPage
      title="Suggestions"
      description="Upcoming registered matches with the model’s probabilities and fair odds (1 ÷ probability). Type a bookmaker’s price to see the edge: probability × price − 1. Times are Lagos time."
    >
      <ModelStatus fits={data?.fits} />
      <div className="grid gap-3 min-[26rem]:grid-cols-2 md:grid-cols-[12rem_14rem]">
        <SelectField
          label="Kickoff"
          value={String(days)}
          onChange={(event) =>
            setFilter('days', event.target.value === String(DEFAULT_DAYS) ? '' : event.target.value)
          }
        >
          {dayOptions.map((option) => (
            <option key={option} value={option}>
              {daysLabel(option)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="League"
          value={league}
          onChange={(event) => setFilter('league', event.target.value)}
        >
          <option value="">All leagues</option>
          {modelLeagues.map((option) => (
            <option key={option.key} value={option.name}>
              {option.name}
            </option>
          ))}
        </SelectField>
      </div>
      <ResultsStatus>
        {empty ? (
          <ListEmpty
            action={
              <Link to={adminPaths.matches} className={buttonVariants.secondary}>
                Match results
              </Link>
            }
          >
            {emptyText(days, league)}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.matches.length > 0)}
        skeleton={<SkeletonRows rows={4} height="h-44" />}
        errorFallback="Could not load the suggestions."
        pagesLabel="Suggestions pages"
        page={page}
        onPageChange={setPage}
      >
        <SuggestionsList matches={data?.matches ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
