import { Button } from './button';

type Props = { page: number; pageCount: number; onPage: (page: number) => void };

/** Previous/Next with 'Page X of Y' (SPEC.md §2). */
export function Pager({ page, pageCount, onPage }: Props) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm font-medium text-muted" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
