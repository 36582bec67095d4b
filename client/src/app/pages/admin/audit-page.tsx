import { STAFF_SCREEN_READ } from '../../../lib/api';
import { AUDIT_PAGE_SIZE } from '@apotheca/contract';
import { useSearchParams } from 'react-router';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { useAuditLogQuery } from '../../../features/audit/audit.api';
import { AuditEntries } from '../../../features/audit/audit-entries';
import { AuditFilters, isAuditKind, type AuditFilterValues } from '../../../features/audit/audit-filters';
import { countLabel } from '../../../lib/count-label';
import { fieldErrors } from '../../../lib/error-message';
import { AdminPageHeader } from './admin-page-header';
import { usePageCount, usePageParam } from './page-param.hook';
import { EmptyNotice, QueryList } from '../../../components/ui/query-list';

const FILTERS = ['actor', 'kind', 'subject'] as const;

/**
 * /admin/audit, for admins: every change staff made, newest first, a page at a time as the server
 * pages it, filtered by person, kind and medicine or order. The filters and the page live in the URL.
 */
export default function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const kind = searchParams.get('kind') ?? '';
  const filters: AuditFilterValues = {
    actor: searchParams.get('actor') ?? '',
    kind: isAuditKind(kind) ? kind : '',
    subject: searchParams.get('subject') ?? '',
  };
  // Filtering starts again from page 1: the old page number counts rows of another list.
  const setFilters = (next: AuditFilterValues) =>
    setSearchParams(() => {
      const params = new URLSearchParams();
      for (const name of FILTERS) if (next[name].trim()) params.set(name, next[name].trim());
      return params;
    });
  const { data, isLoading, isFetching, error } = useAuditLogQuery(
    {
      actor: filters.actor || undefined,
      kind: filters.kind || undefined,
      subject: filters.subject || undefined,
      page,
    },
    // The log grows with every change made elsewhere.
    STAFF_SCREEN_READ,
  );
  const filtered = FILTERS.some((name) => filters[name] !== '');
  // A refused filter is said under its field; the list and count of the filters before are not left
  // standing beside it, as if they answered it.
  const refused = fieldErrors(error);
  const filterRefused = FILTERS.some((name) => refused[name]);
  const pageCount = usePageCount(data?.total, AUDIT_PAGE_SIZE, isFetching);

  return (
    <section>
      <AdminPageHeader
        title="Audit log"
        subtitle={
          data && !error
            ? countLabel(data.total, filtered ? 'matching change' : 'change')
            : 'Every change made by staff.'
        }
      />
      <AuditFilters value={filters} errors={refused} onFilter={setFilters} />
      {!filterRefused && (
        <QueryList
          state={{ data, isLoading, isFetching, error }}
          loadingLabel="Loading the audit log…"
          empty={(data) =>
            data.entries.length === 0 && (
              <EmptyNotice>
                {filtered ? 'No change matches these filters.' : 'No change has been recorded yet.'}
              </EmptyNotice>
            )
          }
        >
          {(data) => (
            <>
              <AuditEntries entries={data.entries} />
              <PageNavigation label="Audit log pages" page={page} pageCount={pageCount} onPageChange={setPage} />
            </>
          )}
        </QueryList>
      )}
    </section>
  );
}
