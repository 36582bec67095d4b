import { Suspense, useId, type ComponentProps, type ReactNode } from 'react';
import { DataTable } from '../../components/ui/data-table';

/**
 * A chart with its equivalents: a heading, a sentence that says what the chart shows, the chart
 * itself (hidden from screen readers, which read the sentence and the table; it may suspend while
 * its code loads) and its figures as a table, one click away.
 */
export function ChartFigure({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: ReactNode;
  /** Null when there is nothing to draw: the summary then says so alone, with no empty axes. */
  chart: ReactNode | null;
  table: ComponentProps<typeof DataTable>;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted">{summary}</p>
      </div>
      {chart !== null && (
        <>
          <div aria-hidden="true" className="h-60 w-full min-w-0">
            {/* While the drawing's code is on its way a pale box holds its place, so nothing moves when it comes. */}
            <Suspense fallback={<div className="size-full animate-pulse rounded bg-slate-100" />}>{chart}</Suspense>
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-800">Show the figures as a table</summary>
            <div className="mt-3">
              <DataTable {...table} />
            </div>
          </details>
        </>
      )}
    </section>
  );
}
