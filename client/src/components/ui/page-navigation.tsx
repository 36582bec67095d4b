import { Button } from './button';

type Props = { page: number; pageCount: number; onPageChange: (page: number) => void; label: string };

/** Page numbers to show: all of a short list, else the first, the last and the current one's neighbours. */
function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? (['gap', n] as const) : [n]));
}

/**
 * Previous/Next with numbered page buttons; the current page is marked for assistive technology. At an
 * end of the list the step says `aria-disabled` and does nothing, but stays focusable: pressed to reach
 * that end, a disabled one would drop the keyboard's focus at the page's start.
 */
export function PageNavigation({ page, pageCount, onPageChange, label }: Props) {
  if (pageCount <= 1) return null;
  const step = (target: number, name: string) => (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={target < 1 || target > pageCount || undefined}
      onClick={() => {
        if (target >= 1 && target <= pageCount) onPageChange(target);
      }}
    >
      {name}
    </Button>
  );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">
        Page {page} of {pageCount}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>{step(page - 1, 'Previous')}</li>
        {visiblePages(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Button
                variant={n === page ? 'primary' : 'secondary'}
                size="sm"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPageChange(n)}
              >
                {n}
              </Button>
            </li>
          ),
        )}
        <li>{step(page + 1, 'Next')}</li>
      </ul>
    </nav>
  );
}
