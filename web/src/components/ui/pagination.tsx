interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** What is being paged, for the landmark's name, e.g. "Transactions". */
  label: string;
}

/** Previous / Next with "Page x of y"; shown only when there is more than one page. */
export function Pagination({ page, totalPages, onPageChange, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn btn-secondary min-w-28"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      <p className="text-sm text-emerald-100/80" aria-live="polite">
        Page <span className="font-semibold text-white">{page}</span> of{' '}
        <span className="font-semibold text-white">{totalPages}</span>
      </p>
      <button
        type="button"
        className="btn btn-secondary min-w-28"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
