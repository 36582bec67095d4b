import { REPORT_PAGE_SIZE } from '@apotheca/contract';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/ui/data-table';
import { PageNavigation } from '../../components/ui/page-navigation';
import { countLabel } from '../../lib/count-label';

/** How many pages of REPORT_PAGE_SIZE rows a report's `total` fills; at least one. */
export const reportPageCount = (total: number) => Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));

export const batchCount = (count: number) => countLabel(count, 'batch', 'batches');

/** A report of the stock reports page: its heading, how many rows it has in all, its controls and its list. */
export function ReportSection({
  title,
  count,
  controls,
  children,
}: {
  title: string;
  /** The report's size, once it is loaded. */
  count?: string | undefined;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {count ? <p className="text-sm text-muted">{count}</p> : null}
        </div>
        {controls}
      </div>
      {children}
    </section>
  );
}

/** What a report says when it lists nothing. */
export function EmptyReport({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-slate-200 bg-white p-4 text-center text-sm text-muted">{children}</p>;
}

/**
 * A row's medicine, linked to its page; a long name wraps, so on a phone the table fits the screen:
 * inside a word too when one is wider than the room its column has left (a 22-letter compound name beside
 * a date and a state), which `break-words` would not count when the table sizes its columns.
 */
export function MedicineLink({ id, name, href }: { id: string; name: string; href: (id: string) => string }) {
  return (
    <Link to={href(id)} className="whitespace-normal wrap-anywhere text-brand-800 underline-offset-2 hover:underline">
      {name}
    </Link>
  );
}

type PagedReportTableProps = ComponentProps<typeof DataTable> & {
  /** Dimmed while another page of the report loads. */
  fetching: boolean;
  /** The page navigation: its name, the page shown and the report's `total` rows. */
  pages: { label: string; page: number; total: number; onPageChange: (page: number) => void };
};

/** A report's table and its page navigation: the server pages every report, REPORT_PAGE_SIZE rows a page. */
export function PagedReportTable({ fetching, pages: { total, ...pages }, ...table }: PagedReportTableProps) {
  return (
    <div className={`flex flex-col gap-3 ${fetching ? 'opacity-60' : ''}`}>
      <DataTable {...table} />
      <PageNavigation {...pages} pageCount={reportPageCount(total)} />
    </div>
  );
}
