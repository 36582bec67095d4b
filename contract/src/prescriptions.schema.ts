import { z } from 'zod';
import { idSchema } from './common.schema';
import {
  PRESCRIPTION_FILE_FORMATS,
  PRESCRIPTION_FILE_TYPES,
  PRESCRIPTION_MAX_BYTES,
  PRESCRIPTION_MAX_PIXELS,
  PRESCRIPTION_REVIEW,
  PRESCRIPTION_UNUSED_KEEP_DAYS,
  PRESCRIPTION_UNUSED_MAX_BYTES,
  PRESCRIPTION_UNUSED_MAX_FILES,
} from './constants';
import { megapixelsMessage } from './messages';

const maxSize = `${PRESCRIPTION_MAX_BYTES / (1024 * 1024)} MB`;
/**
 * The types the server takes as the patient reads them ("JPEG, PNG, WebP or PDF"), from the one list,
 * so the server's refusal and the picker's hint name a type added there with no wording written again.
 */
function prescriptionFileTypeNames(): string {
  const names = PRESCRIPTION_FILE_TYPES.map((type) => PRESCRIPTION_FILE_FORMATS[type].name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}
export const PRESCRIPTION_TOO_LARGE_MESSAGE = `The prescription must be at most ${maxSize}.`;
/** A photo or scan within the bytes but of more pixels than the server reads (the server's 413). */
export const PRESCRIPTION_PIXELS_MESSAGE = megapixelsMessage('The prescription image', PRESCRIPTION_MAX_PIXELS);
/** The server's 415, and the picker's refusal of a file before it is sent. */
export const PRESCRIPTION_FILE_TYPE_MESSAGE = `The prescription must be a ${prescriptionFileTypeNames()} file.`;
/** What the picker says under its inputs of the files it takes. */
export const PRESCRIPTION_FILE_HINT = `${prescriptionFileTypeNames()}, up to ${maxSize}.`;
export const PRESCRIPTION_FILE_REQUIRED_MESSAGE = 'Choose the photo or scan of your prescription.';
export const PRESCRIPTION_QUOTA_MESSAGE =
  `You have reached the limit of prescriptions uploaded but not yet used in an order: ` +
  `${PRESCRIPTION_UNUSED_MAX_FILES} files or ${PRESCRIPTION_UNUSED_MAX_BYTES / (1024 * 1024)} MB in all over the last ` +
  `${PRESCRIPTION_UNUSED_KEEP_DAYS} days. Choose one of them at checkout instead; each stops counting ` +
  `${PRESCRIPTION_UNUSED_KEEP_DAYS} days after its upload.`;

/**
 * What a prescription is now for its owner's next order; every comparison of them goes through
 * PRESCRIPTION_STATE. `new`: sent with no order yet; `awaiting-review`: an order of it waits for a
 * pharmacist; `approved`: a pharmacist approved it (with repeats left until a day, or for one order);
 * `used-up`, `expired`: an approval whose repeats are spent, or whose last day has passed;
 * `rejected`: a pharmacist refused it.
 */
export const PRESCRIPTION_STATE = {
  new: 'new',
  awaitingReview: 'awaiting-review',
  approved: 'approved',
  usedUp: 'used-up',
  expired: 'expired',
  rejected: 'rejected',
} as const;
export const PRESCRIPTION_STATES = Object.values(PRESCRIPTION_STATE) as [PrescriptionState, ...PrescriptionState[]];
export type PrescriptionState = (typeof PRESCRIPTION_STATE)[keyof typeof PRESCRIPTION_STATE];
/** The states checkout refuses (used up, expired), or a pharmacist would again (rejected): never chosen for an order. */
const SPENT_PRESCRIPTION_STATES: readonly PrescriptionState[] = [
  PRESCRIPTION_STATE.usedUp,
  PRESCRIPTION_STATE.expired,
  PRESCRIPTION_STATE.rejected,
];
export const isUsablePrescription = ({ state }: { state: PrescriptionState }) =>
  !SPENT_PRESCRIPTION_STATES.includes(state);

const prescriptionSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  fileType: z.enum(PRESCRIPTION_FILE_TYPES),
  createdAt: z.string(),
  /** A pharmacist refused it for an order: checkout does not choose it for the shopper. */
  rejected: z.boolean(),
  /** Its state, judged by the server as checkout judges it (by the shop's day). */
  state: z.enum(PRESCRIPTION_STATES),
  /** An approval's terms: the last day (YYYY-MM-DD) a repeat order may reuse it, and how many are left; null before. */
  validUntil: z.string().nullable(),
  repeatsLeft: z.number().int().nullable(),
});

/** `status=pending`: only the prescriptions of orders waiting for a pharmacist, oldest first (staff). */
export const prescriptionListQuerySchema = z.object({
  status: z.enum([PRESCRIPTION_REVIEW.pending], { error: 'Status must be pending.' }).optional(),
});

export const prescriptionResponseSchema = z.object({ prescription: prescriptionSchema });
export const prescriptionsResponseSchema = z.object({ prescriptions: z.array(prescriptionSchema) });

export type Prescription = z.infer<typeof prescriptionSchema>;
export type PrescriptionResponse = z.infer<typeof prescriptionResponseSchema>;
export type PrescriptionsResponse = z.infer<typeof prescriptionsResponseSchema>;
export type PrescriptionFileType = (typeof PRESCRIPTION_FILE_TYPES)[number];
