/** The "Rx" mark of a medicine that needs a prescription; its full meaning is read out and shown on hover. */
export function PrescriptionBadge() {
  return (
    <span
      title="Prescription required"
      className="inline-flex shrink-0 items-center rounded-md bg-rose-100 px-1.5 py-0.5 text-xs font-bold text-rose-800 ring-1 ring-rose-200"
    >
      <span aria-hidden="true">Rx</span>
      <span className="sr-only">Prescription required</span>
    </span>
  );
}
