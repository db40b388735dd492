import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The text in a search box and the search actually run (`committed`, kept in the address). Typing runs it
 * after a pause; `submit` (Enter) runs it at once; back/forward to another search refills the box.
 */
export function useSearchDraft(committed: string, commit: (value: string) => void) {
  const [draft, setDraft] = useState(committed);
  const lastCommitted = useRef(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (committed === lastCommitted.current) return;
    lastCommitted.current = committed;
    setDraft(committed);
  }, [committed]);

  useEffect(() => {
    const next = draft.trim();
    if (next === lastCommitted.current) return;
    const timer = window.setTimeout(() => {
      lastCommitted.current = next;
      commitRef.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  const submit = () => {
    const next = draft.trim();
    if (next === lastCommitted.current) return;
    lastCommitted.current = next;
    commitRef.current(next);
  };

  return { draft, setDraft, submit };
}
