import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { CSV_EXPORTS, type CsvExport, useLazyExportCsvQuery } from './catalogue-import.api';

/** Saves a text as a file the browser downloads. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The catalogue's two CSV files: its medicines, and their batches; each button waits for its own file only. */
export function CatalogueExportButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(CSV_EXPORTS) as CsvExport[]).map((file) => (
        <CsvExportButton key={file} file={file} />
      ))}
    </div>
  );
}

function CsvExportButton({ file }: { file: CsvExport }) {
  const [fetchCsv] = useLazyExportCsvQuery();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      download(await fetchCsv(file).unwrap(), CSV_EXPORTS[file].fileName);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" busy={busy} onClick={() => void save()}>
      {CSV_EXPORTS[file].label}
    </Button>
  );
}
