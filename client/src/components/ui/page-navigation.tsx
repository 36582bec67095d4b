import { Button } from './button';

type Props = { page: number; pageCount: number; onPageChange: (page: number) => void; label: string };

/**
 * The page numbers a width shows: every page of a short list (at most `all`), else the first, the
 * last and the current one with `neighbours` on each side.
 */
function shownPages(page: number, pageCount: number, all: number, neighbours: number): Set<number> {
  if (pageCount <= all) return new Set(Array.from({ length: pageCount }, (_, i) => i + 1));
  const around = Array.from({ length: 2 * neighbours + 1 }, (_, i) => page - neighbours + i);
  return new Set([1, ...around, pageCount].filter((n) => n >= 1 && n <= pageCount));
}

/** A number or a gap of the list, and the widths that show it: a wide screen's, a phone's, or both. */
type PageItem = { page: number | 'gap'; wide: boolean; narrow: boolean };

/** Shown on both widths, on the wide one only (hidden below `sm`), or on a phone's only. */
const widthClass = ({ wide, narrow }: Omit<PageItem, 'page'>) =>
  wide && narrow ? undefined : wide ? 'hidden sm:block' : 'sm:hidden';

/**
 * The list's numbers and gaps ('…'). A wide screen shows up to seven numbers, or the first, the last
 * and the current page's neighbours; a phone's 343 px hold Previous, three numbers, two gaps and Next
 * on one line, so there it shows every page of a list of three, else the first, the current and the
 * last. The phone's numbers are among the wide screen's, so one list serves both, each item marked
 * with the widths that show it: a gap stands where either width skips a number.
 */
function pageItems(page: number, pageCount: number): PageItem[] {
  const wide = shownPages(page, pageCount, 7, 1);
  const narrow = shownPages(page, pageCount, 3, 0);
  const items: PageItem[] = [];
  let last = { wide: 0, narrow: 0 };
  for (const n of [...wide].sort((a, b) => a - b)) {
    const inNarrow = narrow.has(n);
    const wideGap = n - last.wide > 1;
    const narrowGap = inNarrow && n - last.narrow > 1;
    if (wideGap || narrowGap) items.push({ page: 'gap', wide: wideGap, narrow: narrowGap });
    items.push({ page: n, wide: true, narrow: inNarrow });
    last = { wide: n, narrow: inNarrow ? n : last.narrow };
  }
  return items;
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
        {pageItems(page, pageCount).map(({ page: n, ...item }, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className={`px-1 text-muted ${widthClass(item) ?? ''}`}>
              …
            </li>
          ) : (
            <li key={n} className={widthClass(item)}>
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
