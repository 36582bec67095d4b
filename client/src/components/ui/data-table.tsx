import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * `wide`: a column of detail left out on a phone, so the columns that matter stay in view.
 * `underLabel`: in a table stacked on a phone, its value goes under its label, across the card's width: a
 * list of several fields and their values, too narrow in the width the label leaves beside it.
 */
export type DataTableColumn = { label: string; align?: 'left' | 'right'; wide?: boolean; underLabel?: boolean };

/** A phone (under 640 px) hides a `wide` column's cells with its header. */
const WIDE = 'hidden sm:table-cell';

const ALIGN = { left: 'text-left', right: 'text-right tabular-nums' } as const;

/** Classes of a body cell; numbers are right-aligned with tabular figures so their digits line up. */
export const cellClasses = (align: DataTableColumn['align'] = 'left', wide = false) =>
  `whitespace-nowrap px-2 py-2 align-middle lg:px-3 ${ALIGN[align]} ${wide ? WIDE : ''}`;

/**
 * A body cell's props in a table stacked on a phone (DataTable's `stackOnPhone`): its classes, and its
 * column's label, which a phone writes before it, the header row being out of sight there.
 */
export const stackedCell = (column: DataTableColumn, classes = '') => ({
  className: `${cellClasses(column.align, column.wide)} ${classes}`,
  'data-label': column.label,
  'data-under-label': column.underLabel ? '' : undefined,
});

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

// Below 640 px each row is a card: every cell on a line of its own, its column's label before it (the
// cell's data-label) and its value in the width the label leaves, wrapping anywhere (a long name or
// address has nowhere else to go), its first line beside the label; a column's `underLabel` value takes
// the line under its label instead. The header row stays for screen readers only: its columns no longer
// stand above the cells; a screen reader names each cell by its header as before, so the label's text is
// left out of the cell's name (the empty text after the slash). A cell holding only a picture has no line
// of text whose baseline the label could share: its label would sit at the picture's bottom edge, under
// the picture rather than beside it, so there the label is centred on the picture instead.
const STACKED = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only',
  'max-sm:[&_tbody>tr]:block max-sm:[&_tbody>tr]:px-3 max-sm:[&_tbody>tr]:py-2',
  'max-sm:[&_tbody_:is(td,th)]:grid max-sm:[&_tbody_:is(td,th)]:grid-cols-[7.5rem_minmax(0,1fr)] max-sm:[&_tbody_:is(td,th)]:items-baseline max-sm:[&_tbody_:is(td,th)]:justify-items-start max-sm:[&_tbody_:is(td,th)]:gap-x-3 max-sm:[&_tbody_:is(td,th)]:px-0 max-sm:[&_tbody_:is(td,th)]:py-1 max-sm:[&_tbody_:is(td,th)]:whitespace-normal max-sm:[&_tbody_:is(td,th)]:wrap-anywhere max-sm:[&_tbody_:is(td,th)]:text-left',
  'max-sm:[&_tbody_:is(td,th)>*]:col-start-2 max-sm:[&_tbody_[data-under-label]>*]:col-span-full',
  'max-sm:[&_tbody_:is(td,th):has(>img:only-child)]:items-center',
  'max-sm:[&_tbody_:is(td,th)]:before:content-[attr(data-label)_/_""] max-sm:[&_tbody_:is(td,th)]:before:font-sans max-sm:[&_tbody_:is(td,th)]:before:text-xs max-sm:[&_tbody_:is(td,th)]:before:font-semibold max-sm:[&_tbody_:is(td,th)]:before:uppercase max-sm:[&_tbody_:is(td,th)]:before:tracking-wide max-sm:[&_tbody_:is(td,th)]:before:text-muted',
].join(' ');

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
  stackOnPhone = false,
  children,
}: {
  caption: string;
  columns: readonly DataTableColumn[];
  /** Keeps the last column (a row's actions) in view while the rest scrolls sideways, from 640 px up. */
  stickyLastColumn?: boolean;
  /**
   * Shows each row as a card of labelled lines on a phone, every column's value and control within its
   * width; its cells take their label from `stackedCell`. For a list whose every column a phone must
   * show, where leaving out `wide` columns would leave out what the reader works with.
   */
  stackOnPhone?: boolean;
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
        <table
          className={`min-w-full divide-y divide-slate-200 text-sm ${stickyLastColumn ? STICKY_LAST : ''} ${stackOnPhone ? STACKED : ''}`}
        >
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
