import { IMPORT_FILE_FIELD, type ImportReport } from '@apotheca/contract';
import { api } from '../../lib/api';

/** The catalogue's CSV exports: the medicines, and their batches in a second file. */
export const CSV_EXPORTS = {
  medicines: { url: '/medicines/export.csv', fileName: 'medicines.csv', label: 'Export medicines' },
  batches: { url: '/medicines/batches/export.csv', fileName: 'batches.csv', label: 'Export batches' },
} as const;
export type CsvExport = keyof typeof CSV_EXPORTS;

/** The admin's catalogue files: an import of a CSV (multipart) and the two exports. */
const catalogueImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A dry run reports what the file would do; a real run writes all of it or nothing. */
    importCatalogue: build.mutation<ImportReport, { file: File; dryRun: boolean }>({
      query: ({ file, dryRun }) => {
        const body = new FormData();
        body.append(IMPORT_FILE_FIELD, file);
        return { url: `/medicines/import${dryRun ? '?dryRun=true' : ''}`, method: 'POST', body };
      },
      // New medicines come with their first batch: every list of medicines, batches and stock may change,
      // and a renamed medicine's recalled lot names it on its recall page.
      invalidatesTags: (_result, _error, { dryRun }) =>
        dryRun ? [] : ['Medicines', 'Medicine', 'Batches', 'Reports', 'Recall'],
    }),
    /** An export as text, fetched with the session's token (a plain link would carry none). */
    exportCsv: build.query<string, CsvExport>({
      query: (file) => ({ url: CSV_EXPORTS[file].url, responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useImportCatalogueMutation, useLazyExportCsvQuery } = catalogueImportApi;
