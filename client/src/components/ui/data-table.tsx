import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/** `wide`: a column of detail left out on a phone, so the columns that matter stay in view. */
export type DataTableColumn = { label: string; align?: 'left' | 'right'; wide?: boolean };

/** A phone (under 640 px) hides a `wide` column's cells with its header. */
const WIDE = 'hidden sm:table-cell';

const ALIGN = { left: 'text-left', right: 'text-right tabular-nums' } as const;

/** Classes of a body cell; numbers are right-aligned with tabular figures so their digits line up. */
export const cellClasses = (align: DataTableColumn['align'] = 'left', wide = false) =>
  `whitespace-nowrap px-2 py-2 align-middle lg:px-3 ${ALIGN[align]} ${wide ? WIDE : ''}`;

/**
 * A value that may be long without a space to break at (an e-mail address, a medicine's name): it wraps
 * inside its cell, so that one long value does not widen its column until the others leave the screen.
 */
export function WrappingText({ children }: { children: ReactNode }) {
  return <span className="whitespace-normal wrap-anywhere">{children}</span>;
}

// The sticky cell is painted to cover what scrolls under it, so it takes a hovered row's grey too. Only
// from 640 px up: on a phone a pinned column would take a third of the width and hide the columns that
// scroll under it (a user's role, a patient's name), so there the whole row scrolls.
const STICKY_LAST =
  'sm:[&_tr>*:last-child]:sticky sm:[&_tr>*:last-child]:right-0 [&_tr>*:last-child]:bg-white [&_thead_th:last-child]:bg-slate-50 [&_tbody>tr:hover>*:last-child]:bg-slate-50 sm:[&_tr>*:last-child]:shadow-[-1px_0_0_var(--color-slate-200)]';

/** Whether the frame's table is wider than the frame, measured again whenever either changes size. */
function useOverflowsSideways(frame: RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [frame]);
  return overflows;
}

/**
 * A dense table for work screens: column headers with scope, a caption for screen readers, and a
 * frame that scrolls sideways on narrow screens instead of squeezing the columns. When it does not fit,
 * a line above it says so, since a cut-off table otherwise looks complete.
 */
export function DataTable({
  caption,
  columns,
  stickyLastColumn = false,
  children,
}: {
  caption: string;
  columns: readonly DataTableColumn[];
  /** Keeps the last column (a row's actions) in view while the rest scrolls sideways, from 640 px up. */
  stickyLastColumn?: boolean;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(frame);
  const hintId = useId();
  return (
    <>
      {overflows ? (
        <p id={hintId} className="mb-1 text-xs text-muted">
          Scroll sideways to see every column. <span aria-hidden="true">→</span>
        </p>
      ) : null}
      {/* The frame is focusable so keyboard users can scroll it when it overflows (axe: scrollable-region-focusable). */}
      <div
        ref={frame}
        tabIndex={0}
        aria-describedby={overflows ? hintId : undefined}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        <table className={`min-w-full divide-y divide-slate-200 text-sm ${stickyLastColumn ? STICKY_LAST : ''}`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {/* Headers may wrap, so on a tablet a long header does not widen a column of short values. */}
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`px-2 py-2 text-xs font-semibold lg:px-3 uppercase tracking-wide text-muted ${ALIGN[column.align ?? 'left']} ${column.wide ? WIDE : ''}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 [&>tr:hover]:bg-slate-50">{children}</tbody>
        </table>
      </div>
    </>
  );
}
