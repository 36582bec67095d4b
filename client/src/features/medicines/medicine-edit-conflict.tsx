import { LEAFLET_SECTION_LABELS } from '@apotheca/contract';

/** The update form's values as typed, by field name (strings, and a boolean for the prescription). */
type TypedValues = Record<string, unknown>;

/** The fields compared after a conflict, with the names the form shows them under. */
const COMPARED_FIELDS: Record<string, string> = {
  name: 'Name',
  developedBy: 'Developed By',
  category: 'Category',
  maxMonthsExpiry: 'Max expiry (months)',
  stock: 'Stock',
  price: 'Price ($)',
  activeIngredient: 'Active ingredient',
  strength: 'Strength',
  dosageForm: 'Dosage form',
  packSize: 'Pack size',
  maxPerOrder: 'Max per order',
  prescriptionRequired: 'Prescription required',
  ...LEAFLET_SECTION_LABELS,
  imageUrl: 'Image link',
};
/** Long leaflet text is cut in the message: the field itself shows it whole. */
const SHOWN_CHARACTERS = 40;

const shown = (value: unknown) => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return '(empty)';
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
};

/** A value as compared: trimmed text, and numbers by value ("4.50" is "4.5"). */
const comparable = (value: unknown) => {
  const text = typeof value === 'boolean' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : text;
};

/** "Stock: yours 55, now 37", for each field where the admin's value is not the current one. */
export function differences(typed: TypedValues, current: TypedValues): string[] {
  return Object.entries(COMPARED_FIELDS)
    .filter(([field]) => comparable(typed[field]) !== comparable(current[field]))
    .map(([field, label]) => `${label}: yours ${shown(typed[field])}, now ${shown(current[field])}`);
}

type Props = {
  /** The server's 409 message: the medicine changed since the form was loaded, nothing was saved. */
  message: string;
  /** Where the admin's values differ from the current medicine's; undefined while it is loading. */
  changes: string[] | undefined;
  submitLabel: string;
};

/**
 * After a 409 the form keeps what the admin typed; this one message says so, lists where the
 * values differ from the medicine as it now is, and that saving again writes them over it.
 */
export function MedicineEditConflict({ message, changes, submitLabel }: Props) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-medium">{message}</p>
      {changes === undefined ? (
        <p className="mt-2">Loading the current values…</p>
      ) : changes.length > 0 ? (
        <>
          <ul className="mt-2 list-disc pl-5">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <p className="mt-2">Your values are kept in the form: {submitLabel} saves them over the current ones.</p>
        </>
      ) : (
        <p className="mt-2">Your values are the current ones: {submitLabel} saves them.</p>
      )}
    </div>
  );
}
