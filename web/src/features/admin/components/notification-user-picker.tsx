import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { adminUsersQueryOptions } from '../api/get-admin-users.ts';
import { fullName } from '../utils/format.ts';
import { ListError } from './list-states.tsx';
import type { ChosenUser } from './notification-draft.ts';
import { useSearchDraft } from './use-search-draft.ts';

/** The search runs from this many characters on; fewer would match most users. */
const MIN_SEARCH = 2;
/** Matches offered at once; a longer list is narrowed by typing more. */
const SHOWN = 8;

function userCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'user matches' : 'users match'}`;
}

/**
 * Finds one user with the admin users search (email, name or phone) and chooses them. The choice is read
 * out with the search box, so it stays with the field its errors belong to; a new search changes it.
 */
export function NotificationUserPicker({
  user,
  onChoose,
  error,
}: {
  user: ChosenUser | null;
  onChoose: (user: ChosenUser) => void;
  error?: string | undefined;
}) {
  const [q, setQ] = useState('');
  const search = useSearchDraft(q, setQ);
  const inputRef = useRef<HTMLInputElement>(null);
  const searching = q.length >= MIN_SEARCH;
  const query = useQuery({ ...adminUsersQueryOptions({ q, page: 1 }), enabled: searching });
  const found = searching && query.data ? query.data : null;
  const shown = found?.users.slice(0, SHOWN) ?? [];
  const stale = query.isPlaceholderData;

  // Enter searches at once rather than sending the notification.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search.submit();
  };

  const choose = (chosen: ChosenUser) => {
    onChoose({
      _id: chosen._id,
      email: chosen.email,
      firstName: chosen.firstName,
      lastName: chosen.lastName,
    });
    setQ('');
    search.setDraft('');
    inputRef.current?.focus();
  };

  let status = '';
  if (search.draft.trim() && search.draft.trim().length < MIN_SEARCH) {
    status = `Type at least ${MIN_SEARCH} characters.`;
  } else if (searching && (query.isPending || stale)) {
    status = 'Searching…';
  } else if (found && found.total === 0) {
    status = `No users match “${q}”.`;
  } else if (found) {
    status =
      found.total > SHOWN
        ? `${userCount(found.total)}; the first ${SHOWN} are shown. Type more to narrow it.`
        : `${userCount(found.total)}.`;
  }

  return (
    <div className="min-w-0">
      <TextField
        ref={inputRef}
        label="Find the user"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder="Email, name or phone"
        hint={
          user ? (
            <>
              Sending to <strong className="font-semibold text-white">{fullName(user) || user.email}</strong>{' '}
              <span className="break-all">({user.email})</span>. Search again to choose someone else.
            </>
          ) : (
            'Search by email, name or phone, then choose the user.'
          )
        }
        value={search.draft}
        onChange={(event) => search.setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        error={error}
      />
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-100/75">
        {status}
      </p>
      {searching && query.isError && (
        <ListError
          error={query.error}
          fallback="Could not search the users."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {shown.length > 0 && (
        <ul
          aria-label="Matching users"
          aria-busy={stale}
          className={`mt-2 flex flex-col gap-1 transition-opacity ${stale ? 'opacity-60' : ''}`}
        >
          {shown.map((match) => (
            <li key={match._id}>
              <button
                type="button"
                onClick={() => choose(match)}
                className="flex min-h-11 w-full flex-col items-start rounded-xl border border-emerald-800/70 bg-emerald-900/35 px-3 py-2 text-left hover:border-emerald-500 hover:bg-emerald-800/40 focus-visible:outline-2 focus-visible:outline-lime-300"
              >
                <span className="font-semibold text-white">{fullName(match) || match.email}</span>
                <span className="text-xs break-all text-emerald-100/75">{match.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
