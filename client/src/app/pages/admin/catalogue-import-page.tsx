import { CatalogueExportButtons } from '../../../features/catalogue-import/catalogue-export-buttons';
import { CatalogueImport } from '../../../features/catalogue-import/catalogue-import';
import { AdminPageHeader } from './admin-page-header';

/** /admin/import: the catalogue as CSV files, and a file of medicines imported back, for an admin. */
export default function CatalogueImportPage() {
  return (
    <section>
      <AdminPageHeader
        title="Import the catalogue"
        subtitle="A row with an _id updates that medicine; one without adds a medicine, or updates the one with its name, maker, strength and pack size. Stock changes through batches: an import gives stock to new medicines only."
      >
        <CatalogueExportButtons />
      </AdminPageHeader>
      <CatalogueImport />
    </section>
  );
}
