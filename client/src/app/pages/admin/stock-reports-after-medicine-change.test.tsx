import { ROLE, type LowStockReport as LowStockAnswer, type SalesReport, type StockLevel } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { recalledBatch } from '../../../test/batch.fixture';
import { json } from '../../../test/json-response';
import { renderWithStore } from '../../../test/render-with-store';
import { LowStockReport } from '../../../features/reports/low-stock-report';
import { useSalesReportQuery } from '../../../features/reports/reports.api';
import { useGetRecallQuery } from '../../../features/batches/batches.api';
import { useImportCatalogueMutation } from '../../../features/catalogue-import/catalogue-import.api';
import {
  useAddMedicineMutation,
  useDeleteMedicineMutation,
  useUpdateMedicineMutation,
} from '../../../features/medicines/medicine-admin.api';

// A medicine's form sets its stock, a new medicine starts below the default reorder level, and a
// deleted one has no stock left to report: the stock reports an admin has open must show each.

const level = (id: string, name: string, stock: number): StockLevel => ({ _id: id, name, stock, reorderLevel: 10 });

/** The three admin changes of a medicine, each a button, beside the low-stock report. */
function Changes() {
  const [add] = useAddMedicineMutation();
  const [update] = useUpdateMedicineMutation();
  const [remove] = useDeleteMedicineMutation();
  return (
    <>
      <button onClick={() => void add(new FormData())}>Add</button>
      <button onClick={() => void update({ id: 'med-1', body: new FormData() })}>Update</button>
      <button onClick={() => void remove('med-1')}>Delete</button>
    </>
  );
}

describe('the admin’s medicine changes', () => {
  it('read the low-stock report again: a stock edited on the form, a medicine added or deleted', async () => {
    stubBrowserRequest();
    let low: StockLevel[] = [level('med-1', 'Aspirin', 2)];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/reports/low-stock'))
        return Promise.resolve(json(200, { medicines: low, total: low.length } satisfies LowStockAnswer));
      if (pathname.includes('/update-medicine/')) low = [level('med-1', 'Aspirin', 7)];
      if (pathname.endsWith('/add-medicine')) low = [...low, level('med-2', 'Ibuprofen', 3)];
      if (pathname.includes('/delete-medicine/')) low = low.filter((medicine) => medicine._id !== 'med-1');
      return Promise.resolve(json(200, {}));
    });
    const { user } = renderWithStore(
      <>
        <Changes />
        <LowStockReport canEdit={false} medicineHref={(id) => `/admin/update/${id}`} />
      </>,
      { signedInAs: ROLE.admin },
    );
    const stockOf = async (name: string) =>
      (await screen.findByRole('rowheader', { name })).closest('tr')!.querySelectorAll('td')[0];

    expect(await stockOf('Aspirin')).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(async () => expect(await stockOf('Aspirin')).toHaveTextContent('7'));

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await stockOf('Ibuprofen')).toHaveTextContent('3');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Aspirin' })).not.toBeInTheDocument());
    expect(screen.getByText('1 medicine below the reorder level')).toBeInTheDocument();
  });
});

/** The names of the sales report's top medicines, as the overview lists them. */
function TopMedicines() {
  const { data } = useSalesReportQuery({});
  return (
    <ul aria-label="Top medicines">
      {data?.topMedicines.map((medicine) => (
        <li key={medicine._id}>{medicine.name}</li>
      ))}
    </ul>
  );
}

describe('a renamed medicine', () => {
  it("reads the sales report's top medicines again, under the new name", async () => {
    stubBrowserRequest();
    let name = 'Asprin';
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname } = new URL((input as Request).url);
      if (pathname.endsWith('/reports/sales')) {
        const report: SalesReport = {
          days: 30,
          from: '2026-10-31',
          to: '2026-11-29',
          totals: { orders: 1, revenue: 9 },
          daily: [],
          byStatus: [],
          topMedicines: [{ _id: 'med-1', name, units: 3, revenue: 9 }],
        };
        return Promise.resolve(json(200, report));
      }
      if (pathname.includes('/update-medicine/')) name = 'Aspirin';
      return Promise.resolve(json(200, {}));
    });
    const { user } = renderWithStore(
      <>
        <Changes />
        <TopMedicines />
      </>,
      { signedInAs: ROLE.admin },
    );
    expect(await screen.findByText('Asprin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Aspirin')).toBeInTheDocument();
  });
});

/** The medicine a recall page names, read as the page reads it. */
function RecalledMedicine() {
  const { data } = useGetRecallQuery({ batchId: 'batch-1', page: 1 });
  return data ? <p>Recall of {data.medicine.name}</p> : null;
}

/** A recalled lot of med-1, named `name`, as its recall page reads it. */
const recallOf = (name: string) => ({
  batch: recalledBatch(),
  medicine: { _id: 'med-1', name },
  reason: 'Contaminated',
  orders: [],
  total: 0,
});

/** The catalogue import's real run, pressed beside the recall page. */
function ImportFile() {
  const [importCatalogue] = useImportCatalogueMutation();
  return (
    <button onClick={() => void importCatalogue({ file: new File(['_id,name\n'], 'rename.csv'), dryRun: false })}>
      Import
    </button>
  );
}

describe('a renamed medicine with a recalled lot', () => {
  // An admin goes from the recall page to the medicine's page to change it, and back by the lot's link.
  it('reads the recall page again, under the new name, renamed on its form or by an import', async () => {
    stubBrowserRequest();
    let name = 'Asprin';
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname } = new URL((input as Request).url);
      if (pathname.endsWith('/recalls/batch-1')) return Promise.resolve(json(200, recallOf(name)));
      if (pathname.includes('/update-medicine/')) name = 'Aspirin';
      if (pathname.endsWith('/medicines/import')) name = 'Aspirin-500';
      return Promise.resolve(json(200, {}));
    });
    const { user } = renderWithStore(
      <>
        <Changes />
        <ImportFile />
        <RecalledMedicine />
      </>,
      { signedInAs: ROLE.admin },
    );
    expect(await screen.findByText('Recall of Asprin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Recall of Aspirin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Recall of Aspirin-500')).toBeInTheDocument();
  });
});
