import { useEffect, useState } from 'react';
import { readToken } from '../../lib/auth-storage';

/**
 * A prescription's file, fetched with the bearer token (it is never a public URL) and shown from a
 * blob: an image that zooms on click, or the PDF in a frame.
 */
export function PrescriptionFile({ id }: { id: string }) {
  const [file, setFile] = useState<{ url: string; pdf: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoomed, setZoomed] = useState(false);

  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    void fetch(`/api/prescriptions/${encodeURIComponent(id)}/file`, {
      headers: { authorization: `Bearer ${readToken() ?? ''}` },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        objectUrl = URL.createObjectURL(blob);
        setFile({ url: objectUrl, pdf: blob.type === 'application/pdf' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);

  if (failed) return <p role="alert">The prescription could not be loaded.</p>;
  if (!file) return <p role="status">Loading the prescription…</p>;
  if (file.pdf)
    return <iframe src={file.url} title="Prescription (PDF)" className="h-[70vh] w-full rounded-lg border" />;
  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg border bg-slate-100">
      <button
        type="button"
        aria-pressed={zoomed}
        onClick={() => setZoomed(!zoomed)}
        className={zoomed ? 'block w-[250%] max-w-none cursor-zoom-out' : 'block w-full cursor-zoom-in'}
      >
        <img src={file.url} alt="Prescription" className="w-full" />
        <span className="sr-only">{zoomed ? 'Zoom out' : 'Zoom in'}</span>
      </button>
    </div>
  );
}
