import { useState } from 'react';
import { usePrescriptionFileQuery } from './prescriptions.api';

/**
 * A prescription's file, fetched with the bearer token (it is never a public URL) and shown from a
 * blob: an image that zooms on click, or the PDF in a frame with a link that saves it.
 */
export function PrescriptionFile({ id }: { id: string }) {
  const { data: file, isError: failed } = usePrescriptionFileQuery(id);
  const [zoomed, setZoomed] = useState(false);

  if (failed) return <p role="alert">The prescription could not be loaded.</p>;
  if (!file) return <p role="status">Loading the prescription…</p>;
  if (file.pdf)
    return (
      <div className="flex flex-col gap-2">
        <iframe src={file.url} title="Prescription (PDF)" className="h-[70vh] w-full rounded-lg border" />
        {/* A browser without a PDF viewer leaves the frame empty: the pharmacist can always save and open the file. */}
        <a href={file.url} download="prescription.pdf" className="text-sm font-medium text-brand-800 hover:underline">
          Download the prescription (PDF)
        </a>
      </div>
    );
  // Before a zoom the whole page is in view, however tall the photo: its foot (the prescriber's
  // signature, the date) is never left below the fold of a box the reader may not think to scroll.
  return (
    <div className={`rounded-lg border bg-slate-100 ${zoomed ? 'max-h-[70vh] overflow-auto' : ''}`}>
      <button
        type="button"
        aria-pressed={zoomed}
        onClick={() => setZoomed(!zoomed)}
        className={zoomed ? 'block w-[250%] max-w-none cursor-zoom-out' : 'block w-full cursor-zoom-in'}
      >
        <img
          src={file.url}
          alt="Prescription"
          className={zoomed ? 'w-full' : 'mx-auto max-h-[70vh] w-auto max-w-full'}
        />
        <span className="sr-only">{zoomed ? 'Zoom out' : 'Zoom in'}</span>
      </button>
    </div>
  );
}
