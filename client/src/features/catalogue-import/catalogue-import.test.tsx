import {
  IMAGE_FETCH_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  importRefusedMessage,
  MEDICINE_NAME_MESSAGE,
  ROW_ERROR_KEY,
  sameMedicineMessage,
  type ImportReport,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { renderWithStore } from '../../test/render-with-store';
import { CatalogueImport } from './catalogue-import';
import { json } from '../../test/json-response';

/** The server's answers to the import, one a call in turn, with each call's URL. */
function fakeServer(...answers: Response[]) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const request = input as Request;
    calls.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    return Promise.resolve(answers.shift()!);
  });
  return calls;
}

const report = (counts: Partial<ImportReport>): ImportReport => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  refused: [],
  ...counts,
});
const csvFile = (name: string) => new File(['name\nAspirin\n'], name, { type: 'text/csv' });

beforeEach(stubBrowserRequest);

describe('CatalogueImport', () => {
  it('lists refused rows with their number and message and offers no import until a file passes', async () => {
    const calls = fakeServer(
      json(
        200,
        report({
          created: 1,
          refused: [
            { row: 3, errors: { name: MEDICINE_NAME_MESSAGE } },
            { row: 4, errors: { [ROW_ERROR_KEY]: sameMedicineMessage(2) } },
          ],
        }),
      ),
      json(200, report({ created: 2, unchanged: 5 })),
      json(200, report({ created: 2, unchanged: 5 })),
    );
    const { user } = renderWithStore(<CatalogueImport />);

    await user.upload(screen.getByLabelText('CSV file'), csvFile('bad.csv'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const refused = await screen.findByRole('table', { name: 'Refused rows' });
    const rows = within(refused).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'name', MEDICINE_NAME_MESSAGE],
      ['4', 'The whole row', sameMedicineMessage(2)],
    ]);
    expect(screen.queryByRole('button', { name: 'Import the file' })).toBeNull();

    await user.upload(screen.getByLabelText('CSV file'), csvFile('fixed.csv'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(/2 created, 0 updated, 5 unchanged, 0 rows refused/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import the file' }));
    expect(await screen.findByRole('heading', { name: 'Imported' })).toBeTruthy();
    expect(screen.getByText('2 created, 0 updated, 5 unchanged.')).toBeTruthy();
    expect(calls).toEqual([
      'POST /api/medicines/import?dryRun=true',
      'POST /api/medicines/import?dryRun=true',
      'POST /api/medicines/import',
    ]);
  });

  it('names the rows a real run refuses after a clean check, and asks for a new check', async () => {
    // An image host that answered the check and fails the import, or a catalogue changed in between.
    fakeServer(
      json(200, report({ created: 2 })),
      json(400, { message: importRefusedMessage(1), errors: { '3': IMAGE_FETCH_MESSAGE } }),
    );
    const { user } = renderWithStore(<CatalogueImport />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile('flaky.csv'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Import the file' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(importRefusedMessage(1))).toBeTruthy();
    expect(within(alert).getByText(`Row 3: ${IMAGE_FETCH_MESSAGE}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import the file' })).toBeNull();
  });

  it("shows the server's refusal of the whole file", async () => {
    fakeServer(json(413, { message: IMPORT_TOO_LARGE_MESSAGE }));
    const { user } = renderWithStore(<CatalogueImport />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile('huge.csv'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect((await screen.findByRole('alert')).textContent).toBe(IMPORT_TOO_LARGE_MESSAGE);
  });
});
