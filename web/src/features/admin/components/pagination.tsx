import { Button } from '../../../components/ui/button.tsx';

interface PaginationProps {
  /** Names the navigation landmark, e.g. 'Users pages'. */
  label: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

export function Pagination({ label, page, totalPages, onPageChange, disabled = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        aria-label="Previous page"
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <p className="text-sm text-emerald-100/80">
        Page <span className="font-semibold text-white">{page}</span> of {totalPages}
      </p>
      <Button
        variant="secondary"
        aria-label="Next page"
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
