import { z } from 'zod';
import { hasNoControlCharacter, idSchema, pageNumberSchema } from './common.schema';
import {
  AUDIT_KINDS,
  AUDIT_SUBJECT_MESSAGE,
  auditSubjectOf,
  type AuditKind,
  type AuditSubject,
} from './audit.constants';

const FILTER_MAX_LENGTH = 254;

export const AUDIT_KIND_MESSAGE = 'kind must be one of the kinds of change the audit log records.';
const AUDIT_ACTOR_MESSAGE = `actor must be an e-mail address or a user id of at most ${FILTER_MAX_LENGTH} characters.`;

/** A filter's text, trimmed; blank counts as no filter. */
const filterText = (message: string) =>
  z
    .string({ error: message })
    .max(FILTER_MAX_LENGTH, message)
    .refine(hasNoControlCharacter, message)
    .transform((s) => s.trim() || undefined)
    .optional();

/**
 * The audit log's filters, newest entries first: `actor`, the person (their e-mail, any case, or
 * their user id); `kind`; `subject`, the thing changed; `page` from 1.
 */
export const auditQuerySchema = z.object({
  actor: filterText(AUDIT_ACTOR_MESSAGE),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_KINDS, AUDIT_KIND_MESSAGE).optional()),
  subject: filterText(AUDIT_SUBJECT_MESSAGE).transform((s, ctx): AuditSubject | undefined => {
    if (s === undefined) return undefined;
    const subject = auditSubjectOf(s);
    if (subject) return subject;
    ctx.addIssue({ code: 'custom', message: AUDIT_SUBJECT_MESSAGE });
    return z.NEVER;
  }),
  page: pageNumberSchema('page', 100000).transform((page) => page ?? 1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A part of a record, as it was before the change and after it: only the fields that changed. */
const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

const auditEntrySchema = z.object({
  _id: idSchema,
  at: z.string(),
  /** Who made the change; `_id` stays after the person is deleted, `email` is the copy taken then. */
  actor: z.object({ _id: idSchema.nullable(), email: z.string().nullable() }),
  kind: z.enum(AUDIT_KINDS),
  medicineId: idSchema.nullable(),
  orderId: idSchema.nullable(),
  userId: idSchema.nullable(),
  batchId: idSchema.nullable(),
  /**
   * The subjects as staff know them, read when the log is listed: the medicine's name, the order's
   * number ("A-100234"), the batch's lot and the user's e-mail; null once the subject is deleted,
   * but for a deleted user, named by the e-mail their deletion's entry recorded.
   */
  medicineName: z.string().nullable(),
  orderNumber: z.string().nullable(),
  batchLot: z.string().nullable(),
  userEmail: z.string().nullable(),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of the matching entries, newest first; `total` counts every match. */
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
export type AuditList = z.infer<typeof auditListResponseSchema>;

/** The list's query as a client sends it: every filter as typed, the page from 1. */
export type AuditListParams = { actor?: string; kind?: AuditKind; subject?: string; page?: number };
