import {
  CODE_FILTERS,
  type CodeSort,
  codeCategories,
  codeCategoryLabels,
  codeSorts,
} from '@cashtips/contract/booking-codes';
import { useId } from 'react';
import { SearchIcon } from '../../../components/ui/icons/search-icon.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';
import type { CodeFilters as Filters } from '../api/get-booking-codes.ts';

const sortLabels: Record<CodeSort, string> = {
  confidence: 'Highest confidence',
  price: 'Lowest price',
  expiry: 'Expiring soonest',
  newest: 'Newest',
};

const fieldClass =
  'min-h-11 w-full rounded-xl border border-emerald-700 bg-emerald-950/70 px-3 text-sm text-white focus:border-lime-300';

interface CodeFiltersProps {
  filters: Filters;
  /** What the search box shows now (the query follows it after a pause). */
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (filters: Filters) => void;
}

export function CodeFiltersPanel({ filters, searchText, onSearchText, onChange }: CodeFiltersProps) {
  const id = useId();
  const money = useMoney();
  return (
    <section aria-label="Filters" className="card gap-4 p-4 sm:p-5">
      {/* One per row on phones: two selects side by side cut their options ("All categor") below 480 px. */}
      <div className="grid gap-3 min-[480px]:grid-cols-2 sm:grid-cols-[1fr_12rem_12rem]">
        <label className="relative block self-end min-[480px]:col-span-2 sm:col-span-1">
          <span className="sr-only">Search codes</span>
          <SearchIcon className="pointer-events-none absolute top-3 left-3 size-5 text-emerald-200/70" />
          <input
            type="search"
            name="search"
            value={searchText}
            onChange={(event) => onSearchText(event.target.value)}
            placeholder="Team, league or bookmaker"
            maxLength={100}
            className={`${fieldClass} pl-10`}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-emerald-200/80">
          Category
          <select
            name="category"
            value={filters.category}
            onChange={(event) =>
              onChange({ ...filters, category: event.target.value as Filters['category'] })
            }
            className={fieldClass}
          >
            <option value="">All categories</option>
            {codeCategories.map((category) => (
              <option key={category} value={category}>
                {codeCategoryLabels[category]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-emerald-200/80">
          Sort by
          <select
            name="sort"
            value={filters.sort}
            onChange={(event) => onChange({ ...filters, sort: event.target.value as CodeSort })}
            className={fieldClass}
          >
            {codeSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label
            htmlFor={`${id}-confidence`}
            className="flex justify-between text-xs font-medium text-emerald-200/80"
          >
            Minimum confidence
            <span className="font-bold text-white tabular-nums">{filters.minConfidence}%</span>
          </label>
          <input
            id={`${id}-confidence`}
            type="range"
            min={CODE_FILTERS.minConfidence.min}
            max={CODE_FILTERS.minConfidence.max}
            step={1}
            value={filters.minConfidence}
            aria-valuetext={`${filters.minConfidence}%`}
            onChange={(event) => onChange({ ...filters, minConfidence: Number(event.target.value) })}
            className="h-11 w-full accent-lime-400"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label
            htmlFor={`${id}-price`}
            className="flex justify-between text-xs font-medium text-emerald-200/80"
          >
            Maximum price
            <span className="font-bold text-white tabular-nums">{money.format(filters.maxPrice)}</span>
          </label>
          <input
            id={`${id}-price`}
            type="range"
            min={CODE_FILTERS.maxPrice.min}
            max={CODE_FILTERS.maxPrice.max}
            step={CODE_FILTERS.maxPrice.step}
            value={filters.maxPrice}
            aria-valuetext={money.format(filters.maxPrice)}
            onChange={(event) => onChange({ ...filters, maxPrice: Number(event.target.value) })}
            className="h-11 w-full accent-lime-400"
          />
        </div>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={`${id}-money-back`}
          type="checkbox"
          role="switch"
          name="moneyBack"
          checked={filters.moneyBack}
          aria-checked={filters.moneyBack}
          aria-describedby={`${id}-money-back-hint`}
          onChange={(event) => onChange({ ...filters, moneyBack: event.target.checked })}
          className="size-5 shrink-0 cursor-pointer accent-lime-400"
        />
        <div className="flex flex-col">
          <label htmlFor={`${id}-money-back`} className="cursor-pointer text-sm font-semibold text-white">
            Money back only
          </label>
          <span id={`${id}-money-back-hint`} className="text-xs text-emerald-200/70">
            Codes whose price comes back to your wallet if they lose or are void.
          </span>
        </div>
      </div>
    </section>
  );
}
