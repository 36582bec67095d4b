import { REPORT_PAGE_SIZE } from '@apotheca/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

/** How many pages of REPORT_PAGE_SIZE rows a report's `total` fills; at least one. */
export const reportPageCount = (total: number) => Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));

export const batchCount = (count: number) => `${count} ${count === 1 ? 'batch' : 'batches'}`;

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

/** A row's medicine, linked to its page; a long name wraps, so on a phone the table fits the screen. */
export function MedicineLink({ id, name, href }: { id: string; name: string; href: (id: string) => string }) {
  return (
    <Link to={href(id)} className="whitespace-normal break-words text-brand-800 underline-offset-2 hover:underline">
      {name}
    </Link>
  );
}
