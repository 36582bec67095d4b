import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_SUBJECT_MESSAGE,
  auditSubjectOf,
  type AuditKind,
} from '@apotheca/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';

export type AuditFilterValues = { actor: string; kind: AuditKind | ''; subject: string };

const KIND_OPTIONS = [
  { value: '', label: 'Every kind' },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];

export const isAuditKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

/**
 * The audit log's filters: the person (their e-mail), the kind of change, and the medicine or order
 * it touched. They go to the server together when the form is sent; emptied, a filter is dropped.
 */
export function AuditFilters({
  value,
  errors = {},
  onFilter,
}: {
  value: AuditFilterValues;
  /** The server's refusal of a filter, said under its field (`errors` of its 400). */
  errors?: Partial<Record<keyof AuditFilterValues, string>>;
  onFilter: (next: AuditFilterValues) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // Words the log cannot search (a medicine's name) are refused here, before they are sent.
  const [subjectRefused, setSubjectRefused] = useState(false);
  // Back and forward change the URL's filters: the form follows them.
  if (JSON.stringify(value) !== JSON.stringify(shown)) {
    setShown(value);
    setDraft(value);
    setSubjectRefused(false);
  }
  /** A filter's control shows the draft's value and edits it; the log follows only on submit. */
  const draftField = (field: keyof AuditFilterValues) => ({
    value: draft[field],
    error: field === 'subject' && subjectRefused ? AUDIT_SUBJECT_MESSAGE : errors[field],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [field]: event.target.value })),
  });
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const subject = draft.subject.trim();
        const refused = subject !== '' && auditSubjectOf(subject) === null;
        setSubjectRefused(refused);
        if (!refused) onFilter(draft);
      }}
    >
      <TextField label="Person" type="search" placeholder="E-mail of the member of staff" {...draftField('actor')} />
      <SelectField label="Kind of change" options={KIND_OPTIONS} {...draftField('kind')} />
      <TextField
        label="Medicine or order"
        type="search"
        placeholder="Id or order number (A-100234)"
        {...draftField('subject')}
      />
      <Button type="submit" className="lg:mt-7">
        Filter
      </Button>
    </form>
  );
}
