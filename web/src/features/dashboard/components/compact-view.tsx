import { useCallback, useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys.ts';

/** The dashboard's compact view (fewer items in every widget), remembered on this device. */
export function useCompactView(): [boolean, () => void] {
  const [compact, setCompact] = useState(() => readStorage(storageKeys.dashboardCompact) === '1');
  const toggle = useCallback(() => {
    writeStorage(storageKeys.dashboardCompact, compact ? '0' : '1');
    setCompact(!compact);
  }, [compact]);
  return [compact, toggle];
}

/** A toggle button (aria-pressed) for the compact view. */
export function CompactViewToggle({ compact, onToggle }: { compact: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={compact}
      onClick={onToggle}
      className="btn btn-secondary flex-1 gap-2 px-2.5 min-[380px]:whitespace-nowrap sm:flex-none sm:gap-3 sm:px-5"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full p-0.5 transition-colors ${
          compact ? 'bg-lime-400' : 'bg-emerald-700'
        }`}
      >
        <span
          className={`size-4 rounded-full bg-white shadow transition-transform ${compact ? 'translate-x-4' : ''}`}
        />
      </span>
      Compact view
    </button>
  );
}
