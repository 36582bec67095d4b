import {
  approvalTermsLabel,
  isUsablePrescription,
  PRESCRIPTION_ACCEPT,
  PRESCRIPTION_CHOICE_MESSAGE,
  PRESCRIPTION_FILE_FORMATS,
  PRESCRIPTION_FILE_HINT,
  PRESCRIPTION_FILE_TYPE_MESSAGE,
  PRESCRIPTION_FILE_TYPES,
  PRESCRIPTION_MAX_BYTES,
  PRESCRIPTION_PHOTO_ACCEPT,
  PRESCRIPTION_STATE,
  PRESCRIPTION_TOO_LARGE_MESSAGE,
  type Prescription,
} from '@apotheca/contract';
import { useEffect, useId } from 'react';
import { busyButtonProps } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { formatCalendarDate } from '../../lib/calendar-date';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useMyPrescriptionsQuery, usePrescriptionUpload } from './prescriptions.api';
import { formatMoment } from '../../lib/moment-format';

const kind = (prescription: Prescription) => (prescription.fileType === 'application/pdf' ? 'PDF' : 'Photo');

/** What the shopper reads of a prescription's state, so a spent one is not mistaken for a usable one. */
function stateLabel({ state, validUntil, repeatsLeft }: Prescription): string {
  switch (state) {
    case PRESCRIPTION_STATE.new:
      return 'not yet reviewed';
    case PRESCRIPTION_STATE.awaitingReview:
      return 'awaiting a pharmacist’s review';
    case PRESCRIPTION_STATE.approved:
      return validUntil === null || repeatsLeft === null
        ? 'approved for one order; a pharmacist checks it again'
        : `approved: ${approvalTermsLabel(repeatsLeft, formatCalendarDate(validUntil))}`;
    case PRESCRIPTION_STATE.usedUp:
      return 'used up: no repeats left';
    case PRESCRIPTION_STATE.expired:
      return validUntil === null ? 'expired' : `expired: valid until ${formatCalendarDate(validUntil)}`;
    case PRESCRIPTION_STATE.rejected:
      return 'rejected by a pharmacist';
  }
}

const NOT_UPLOADED = 'Prescription not uploaded';

/**
 * Whether the server takes the file's type, judged before it is sent, by the contract's list: by the
 * type the browser gives, or, when it gives none ("", an ending it does not know), by the name's ending.
 * The server still judges the bytes whatever the browser said.
 */
function isTakenType({ type, name }: File): boolean {
  if (type) return (PRESCRIPTION_FILE_TYPES as readonly string[]).includes(type);
  const lowerName = name.toLowerCase();
  return Object.values(PRESCRIPTION_FILE_FORMATS).some(({ extensions }) =>
    extensions.some((extension) => lowerName.endsWith(extension)),
  );
}

const fileButton =
  'inline-flex cursor-pointer items-center justify-center rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-within:outline focus-within:outline-2 focus-within:outline-brand-600';

/**
 * The checkout's prescription step: the cart holds prescription-only medicines, so the order needs
 * one of the shopper's prescriptions. A phone offers its camera ("Take a photo"); any device may
 * choose a file or pick a prescription sent before.
 */
export function PrescriptionPicker({
  medicines,
  value,
  onChange,
  error,
}: {
  medicines: string[];
  value: string | null;
  onChange: (id: string) => void;
  /** What the step lacks, said at its top: checkout was asked to pay without a prescription. */
  error?: string | undefined;
}) {
  const { data } = useMyPrescriptionsQuery();
  const [upload, { isLoading: uploading }] = usePrescriptionUpload();
  const name = useId();
  const hintId = useId();
  const prescriptions = data?.prescriptions ?? [];
  // A prescription checkout would refuse (used up, expired) or a pharmacist refused is listed, never chosen.
  const usable = prescriptions.filter(isUsablePrescription);
  const only = usable.length === 1 ? usable[0]!._id : null;

  // Exactly one prescription fits: it is the one, so Pay works without a click the shopper cannot guess.
  useEffect(() => {
    if (value === null && only !== null) onChange(only);
  }, [value, only, onChange]);

  const send = async (file: File | undefined) => {
    // A file given while one is on its way (dropped on an input: a press opens no chooser then) would
    // be a second upload.
    if (!file || uploading) return;
    // The server would refuse it only once every byte had arrived: minutes on a phone's slow connection.
    if (file.size > PRESCRIPTION_MAX_BYTES) {
      toast.error(NOT_UPLOADED, { description: PRESCRIPTION_TOO_LARGE_MESSAGE });
      return;
    }
    // So would it a type it does not take, which a chooser's "All files" lets through.
    if (!isTakenType(file)) {
      toast.error(NOT_UPLOADED, { description: PRESCRIPTION_FILE_TYPE_MESSAGE });
      return;
    }
    try {
      const { prescription } = await upload(file).unwrap();
      onChange(prescription._id);
      toast.success('Prescription uploaded', { description: 'A pharmacist checks it before your order is sent.' });
    } catch (error) {
      toast.error(NOT_UPLOADED, { description: errorMessage(error) });
    }
  };
  // While a photo is on its way the inputs wait busy rather than disabled: a disabled input would drop
  // the keyboard's focus to the page's start, and a press of a busy one opens no chooser.
  const fileInput = (label: string, accept: string, capture?: 'environment') => (
    <label className={`${fileButton} ${uploading ? 'cursor-not-allowed opacity-60' : ''}`}>
      {label}
      <input
        type="file"
        accept={accept}
        capture={capture}
        className="sr-only"
        aria-describedby={hintId}
        {...busyButtonProps<HTMLInputElement>(uploading)}
        onChange={(event) => {
          void send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );

  return (
    <fieldset className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
      {/* Focusable from code only: the delivery step, once done, hands the focus on to it. */}
      <legend tabIndex={-1} className="px-1 text-lg font-bold text-ink">
        Prescription
      </legend>
      <p className="text-sm text-ink">
        A pharmacist checks a prescription for <strong>{medicines.join(', ')}</strong> before your order is sent.
      </p>
      {error ? <FormAlert className="mt-3">{error}</FormAlert> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {fileInput('Take a photo', PRESCRIPTION_PHOTO_ACCEPT, 'environment')}
        {fileInput('Choose a file', PRESCRIPTION_ACCEPT)}
      </div>
      <p id={hintId} className="mt-2 text-xs text-muted">
        {PRESCRIPTION_FILE_HINT}
      </p>
      {uploading ? <p role="status">Uploading…</p> : null}
      {prescriptions.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm font-semibold text-ink">Your prescriptions</p>
          {value === null && usable.length > 1 ? (
            <p className="text-sm text-amber-900">{PRESCRIPTION_CHOICE_MESSAGE}</p>
          ) : null}
          <ul className="mt-1 flex flex-col gap-1">
            {prescriptions.map((prescription) => (
              <li key={prescription._id}>
                {/* The words are one text beside the radio, so on a phone the state wraps after the date as a
                    sentence does, rather than as a narrow column of its own. */}
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    className="mt-0.5"
                    name={name}
                    checked={value === prescription._id}
                    disabled={!isUsablePrescription(prescription)}
                    onChange={() => onChange(prescription._id)}
                  />
                  <span>
                    {kind(prescription)} uploaded {formatMoment(prescription.createdAt)}{' '}
                    <span className="text-muted">({stateLabel(prescription)})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
