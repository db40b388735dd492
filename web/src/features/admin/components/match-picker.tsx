import type { MatchSearchResult } from '@cashtips/contract/matches';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMatchSearch } from '../api/search-matches.ts';
import { formatDateTime } from '../utils/format.ts';
import { providerLinkText } from './match-football.tsx';
import { matchTitle } from './matches-list.tsx';
import { useSearchDraft } from './use-search-draft.ts';

/** 'Premier League · 1 Mar 2025, 17:00 · API-Football #1208099' */
export function matchFacts(match: MatchSearchResult): string {
  const link = match.provider
    ? ` · ${providerLinkText({ provider: match.provider, source: 'provider' })}`
    : '';
  return `${match.league} · ${formatDateTime(match.kickoff)}${link}`;
}

function statusText({
  open,
  q,
  searching,
  failed,
  found,
}: {
  open: boolean;
  q: string;
  searching: boolean;
  failed: string | null;
  found: MatchSearchResult[] | null;
}): string {
  if (!open) return '';
  if (failed) return failed;
  if (searching || !found) return 'Searching…';
  if (found.length === 0) {
    return q
      ? `No registered match to come matches “${q}”. Type the teams below instead.`
      : 'No registered match is coming up. Type the teams below instead.';
  }
  const many = found.length === 1 ? '1 match' : `${found.length} matches`;
  return `${many}: choose with the up and down arrows and Enter.`;
}

/**
 * "Pick a registered match": a combobox over the registered matches still to be played (teams or
 * league, every word typed; the soonest first when nothing is typed). Up and down move through the list,
 * Enter picks, Escape closes it (or clears the text); the search runs after a pause in typing.
 */
export function MatchPicker({
  onPick,
  inputRef,
}: {
  onPick: (match: MatchSearchResult) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const listId = `${inputId}-list`;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [q, setQ] = useState('');
  const search = useSearchDraft(q, setQ);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Typing searches once the pause is over (not for the empty text before it); an empty box opened with
  // the arrows lists the soonest matches.
  const query = useMatchSearch(q, open && (q !== '' || search.draft.trim() === ''));
  const found = open && query.data ? query.data.matches : null;
  const options = found ?? [];
  const stale = query.isPlaceholderData || search.draft.trim() !== q;

  // A new list has no choice yet: the arrows start again from its top.
  useEffect(() => {
    if (query.data) setActive(-1);
  }, [query.data]);

  const pick = (match: MatchSearchResult) => {
    setOpen(false);
    setActive(-1);
    search.setDraft('');
    setQ('');
    onPick(match);
  };

  const move = (step: 1 | -1) => {
    if (!open) {
      setOpen(true);
      return;
    }
    if (options.length === 0) return;
    setActive((current) => {
      if (current === -1) return step === 1 ? 0 : options.length - 1;
      return (current + step + options.length) % options.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Enter picks or searches at once; it never sends the form the picker sits in.
      event.preventDefault();
      const chosen = options[active];
      if (open && chosen && !stale) pick(chosen);
      else {
        setOpen(true);
        search.submit();
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (search.draft) {
        event.preventDefault();
        search.setDraft('');
      }
    }
  };

  const expanded = open && options.length > 0;
  const failed =
    open && query.isError ? `Could not search the matches. ${errorMessage(query.error, '')}`.trim() : null;
  const status = statusText({ open, q, searching: query.isFetching && !query.data, failed, found });

  return (
    <div className="min-w-0 sm:col-span-2">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-emerald-50">
        Pick a registered match
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder="Team or league"
          className={`${inputClass} ${inputBorder(false)}`}
          value={search.draft}
          onChange={(event) => {
            search.setDraft(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Registered matches"
          hidden={!expanded}
          aria-busy={stale || undefined}
          className={`absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-xl border border-emerald-700 bg-emerald-950 p-1 shadow-xl shadow-black/40 transition-opacity ${stale ? 'opacity-70' : ''}`}
        >
          {options.map((match, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (focus stays in the box, aria-activedescendant names the option).
            <div
              key={match._id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps the focus in the box, so the list is not closed by the blur before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(match)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer rounded-lg px-3 py-2 ${index === active ? 'bg-emerald-800/80' : ''}`}
            >
              <span className="block font-semibold break-words text-white">{matchTitle(match)}</span>
              <span className="block text-xs break-words text-emerald-100/75">{matchFacts(match)}</span>
            </div>
          ))}
        </div>
      </div>
      <p id={hintId} className="mt-1 text-xs text-emerald-200/70">
        Its teams, league and kickoff fill the game. Or type them below.
      </p>
      <p role="status" aria-live="polite" className="min-h-5 text-xs text-emerald-100/80">
        {status}
      </p>
    </div>
  );
}

/**
 * A game put on a registered match with the picker: the match as it was found, and the way back to
 * typing (its words stay in the fields, to be edited).
 */
export function PickedMatch({ match, onUnlink }: { match: MatchSearchResult; onUnlink: () => void }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 rounded-xl border border-sky-400/40 bg-sky-500/10 px-3 py-2 sm:col-span-2">
      <div className="min-w-0">
        <p className="text-xs font-medium text-sky-200">Registered match</p>
        <p className="font-semibold break-words text-white">{matchTitle(match)}</p>
        <p className="text-xs break-words text-emerald-100/80">{matchFacts(match)}</p>
        <p className="mt-1 text-xs text-emerald-100/70">
          Its teams, league and kickoff are the match’s own; retyping them unlinks it.
        </p>
      </div>
      <Button variant="ghost" className="min-h-10 px-3 text-sm text-sky-100" onClick={onUnlink}>
        <span aria-hidden="true">Unlink and type by hand</span>
        <span className="sr-only">Unlink {matchTitle(match)} and type by hand</span>
      </Button>
    </div>
  );
}
