import {
  adminMedicineUpdatePath,
  adminOrderPath,
  AUDIT_KIND_LABELS,
  PRESCRIPTION_REVIEW,
  ROLE_LABELS,
  type AuditEntry,
  type PrescriptionReview,
} from '@apotheca/contract';
import { Link } from 'react-router';
import { DataTable, stackedCell } from '../../components/ui/data-table';
import { ShortId } from '../../components/ui/short-id';
import { formatCalendarDate } from '../../lib/calendar-date';
import { formatMoment } from '../../lib/moment-format';

// The values are what an audit is read for, so a phone keeps them too: each change is a card there
// (DataTable's stackOnPhone), its values under its subject, rather than a table scrolled sideways to them
// or one that leaves a recall's reason or a changed price unread.
const COLUMNS = [
  { label: 'Change' },
  { label: 'Subject' },
  { label: 'Before', underLabel: true },
  { label: 'After', underLabel: true },
] as const;

/** "reorderLevel" → "Reorder level": a changed field's name as a person reads it. */
const fieldLabel = (key: string) => {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** A field named "…On" or "…Until" (a batch's "expiresOn", a prescription's "validUntil") holds a calendar date. */
const CALENDAR_DATE_FIELD = /(On|Until)$/;

const REVIEW_WORDS: Record<PrescriptionReview, string> = {
  [PRESCRIPTION_REVIEW.pending]: 'Pending',
  [PRESCRIPTION_REVIEW.approved]: 'Approved',
  [PRESCRIPTION_REVIEW.rejected]: 'Rejected',
};
/** Values recorded as the API's words, shown as the screens name them (a "user" is a Shopper on the users page). */
const VALUE_WORDS: Record<string, Record<string, string>> = { role: ROLE_LABELS, prescriptionReview: REVIEW_WORDS };

/**
 * A recorded value as staff read it: a role or a review in the screens' words, a moment (a field named
 * "…At", such as a recall's "recalledAt", kept as its ISO timestamp) in the app's date and time, a
 * calendar date ("2027-01-01") as the shop writes dates, on its own day in every time zone, anything
 * else as it was recorded.
 */
const shownValue = (key: string, value: unknown) => {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'string') return JSON.stringify(value);
  const word = VALUE_WORDS[key]?.[value];
  if (word) return word;
  if (key.endsWith('At')) return formatMoment(value);
  return CALENDAR_DATE_FIELD.test(key) ? formatCalendarDate(value) : value;
};

function Values({ values }: { values: AuditEntry['before'] }) {
  if (!values) return <span className="text-muted">—</span>;
  return (
    // On a phone's card as wide as the card, under its label.
    <dl className="grid w-72 max-w-md grid-cols-[auto_1fr] gap-x-2 whitespace-normal text-xs max-sm:w-full">
      {Object.entries(values).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-muted">{fieldLabel(key)}</dt>
          {/* Between words where it can (a leaflet's paragraph), inside one only when it is longer than the
              column (an image's URL). */}
          <dd className="wrap-anywhere text-ink">{shownValue(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const linkClasses = 'text-brand-800 underline hover:text-brand-900';

/**
 * What the change touched, named as staff know it (a medicine's name, an order's number, a batch's
 * lot, a user's e-mail), or by its id once it is deleted; a medicine and an order link to their pages.
 */
function Subject({ entry }: { entry: AuditEntry }) {
  const subjects = [
    {
      key: 'medicine',
      label: 'Medicine',
      id: entry.medicineId,
      name: entry.medicineName,
      href: adminMedicineUpdatePath,
    },
    { key: 'batch', label: 'Batch', id: entry.batchId, name: entry.batchLot },
    { key: 'order', label: 'Order', id: entry.orderId, name: entry.orderNumber, href: adminOrderPath },
    { key: 'user', label: 'User', id: entry.userId, name: entry.userEmail },
  ];
  const parts = subjects.flatMap(({ key, label, id, name, href }) => {
    if (!id) return [];
    const named = (
      <>
        {label} {name === null ? <ShortId id={id} /> : name}
      </>
    );
    return href ? (
      <Link key={key} to={href(id)} className={linkClasses}>
        {named}
      </Link>
    ) : (
      <span key={key}>{named}</span>
    );
  });
  return parts.length > 0 ? (
    // A long name wraps rather than running out of the phone's table.
    <div className="flex min-w-32 flex-col gap-0.5 whitespace-normal wrap-anywhere">{parts}</div>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** A page of the audit log, newest first: who changed what, when, and the fields before and after. */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable caption="Audit log" columns={COLUMNS} stackOnPhone>
      {entries.map((entry) => (
        <tr key={entry._id} className="align-top">
          <th scope="row" {...stackedCell(COLUMNS[0], 'text-left font-normal')}>
            <span className="block font-medium text-ink">{AUDIT_KIND_LABELS[entry.kind]}</span>
            <time dateTime={entry.at} className="block text-xs text-muted">
              {formatMoment(entry.at, { seconds: true })}
            </time>
            <span className="block text-xs text-muted">by {entry.actor.email ?? 'an unknown account'}</span>
          </th>
          <td {...stackedCell(COLUMNS[1])}>
            <Subject entry={entry} />
          </td>
          <td {...stackedCell(COLUMNS[2])}>
            <Values values={entry.before} />
          </td>
          <td {...stackedCell(COLUMNS[3])}>
            <Values values={entry.after} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
