import {
  adminRecallPath,
  RECEIVED_QUANTITY_MESSAGE,
  BATCH_RECALLED_MESSAGE,
  BATCH_STATE,
  EXPIRES_ON_PAST_MESSAGE,
  type ListedBatch,
  LOT_REQUIRED_MESSAGE,
  lotTakenMessage,
  REASON_REQUIRED_MESSAGE,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { BatchesSection } from './batches-section';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { holdWrites, pressTwice } from '../../test/held-answers';

const batch = (lot: string, overrides: Partial<ListedBatch> = {}): ListedBatch => ({
  _id: `batch-${lot}`,
  lot,
  expiresOn: '2099-01-01',
  quantity: 10,
  receivedOn: '2026-11-01',
  recalledAt: null,
  writtenOffAt: null,
  state: BATCH_STATE.sellable,
  ...overrides,
});
const BATCHES = [
  // Expired by the server's today, whatever the browser's clock says.
  batch('OLD', { expiresOn: '2099-01-01', quantity: 2, state: BATCH_STATE.expired }),
  batch('GONE', { writtenOffAt: '2026-11-02T10:00:00.000Z', quantity: 0, state: BATCH_STATE.writtenOff }),
  batch('BAD', { recalledAt: '2026-11-03T10:00:00.000Z', quantity: 4, state: BATCH_STATE.recalled }),
  batch('GOOD'),
];

type Answer = (request: Request, body: unknown) => Response | undefined;

/** Serves the medicine's batches, and `answer` for every change; returns the changes it was sent. */
function serve(answer: Answer = () => undefined) {
  const sent: string[] = [];
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (request.method === 'GET') return json(200, { batches: BATCHES });
    const body: unknown = await request.json().catch(() => null);
    sent.push(`${request.method} ${pathname} ${JSON.stringify(body)}`);
    return answer(request, body) ?? json(200, { batch: BATCHES[3], orders: [] });
  });
  return sent;
}

function renderSection(canEdit: boolean) {
  return renderWithStore(
    <Routes>
      <Route path="/admin/update/:id" element={<BatchesSection medicineId="med-1" canEdit={canEdit} />} />
      <Route path="/admin/recalls/:batchId" element={<p>Recall page</p>} />
    </Routes>,
    { path: '/admin/update/med-1' },
  );
}

const rowOf = async (lot: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(`^${lot}`) })).closest('tr')!;

describe('BatchesSection', () => {
  it("lists each batch with its state, and offers an admin only the changes a batch's state allows", async () => {
    serve();
    renderSection(true);
    const table = await screen.findByRole('table', { name: 'Batches of the medicine' });
    const states = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(states).toEqual(['Expired', 'Written off', 'Recalled', 'Sellable']);

    const good = await rowOf('GOOD');
    expect(
      within(good)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Correct', 'Write off', 'Recall']);
    // A written-off lot can still be recalled (orders drew from it before), not changed.
    expect(
      within(await rowOf('GONE'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Recall']);
    const bad = await rowOf('BAD');
    expect(within(bad).queryAllByRole('button')).toEqual([]);
    expect(within(bad).getByRole('link', { name: 'View the recall of lot BAD' })).toHaveAttribute(
      'href',
      adminRecallPath('batch-BAD'),
    );
  });

  it('shows a pharmacist the list without any way to change it', async () => {
    serve();
    renderSection(false);
    await screen.findByRole('table', { name: 'Batches of the medicine' });
    expect(screen.queryByRole('form', { name: 'Add a batch' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
    // The recalled lot still leads to its recall, which staff may read.
    expect(screen.getByRole('link', { name: 'View the recall of lot BAD' })).toBeInTheDocument();
  });

  it("checks a new batch with the contract's rules, then shows the server's refusal as it worded it", async () => {
    const sent = serve(() => json(409, { message: lotTakenMessage('GOOD') }));
    const { user } = renderSection(true);
    const form = await screen.findByRole('form', { name: 'Add a batch' });
    await user.type(within(form).getByLabelText('Quantity'), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Add batch' }));
    expect(await within(form).findByText(LOT_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(form).getByText(RECEIVED_QUANTITY_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Lot number'), 'GOOD');
    await user.type(within(form).getByLabelText('Expiry date'), '2099-05-01');
    await user.clear(within(form).getByLabelText('Quantity'));
    await user.type(within(form).getByLabelText('Quantity'), '7');
    await user.click(within(form).getByRole('button', { name: 'Add batch' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(lotTakenMessage('GOOD'));
    expect(sent).toEqual(['POST /api/medicines/med-1/batches {"lot":"GOOD","expiresOn":"2099-05-01","quantity":7}']);
  });

  it('refuses a delivery already expired (a mistyped year) at its expiry date, before sending it', async () => {
    const sent = serve();
    const { user } = renderSection(true);
    const form = await screen.findByRole('form', { name: 'Add a batch' });
    await user.type(within(form).getByLabelText('Lot number'), 'NEW');
    await user.type(within(form).getByLabelText('Expiry date'), '2020-01-01');
    await user.type(within(form).getByLabelText('Quantity'), '7');
    await user.click(within(form).getByRole('button', { name: 'Add batch' }));
    const expiry = within(form).getByLabelText('Expiry date');
    await vi.waitFor(() => expect(expiry).toHaveAccessibleDescription(EXPIRES_ON_PAST_MESSAGE));
    expect(expiry).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('asks a correction for its reason, and keeps the dialog open with the server’s message when refused', async () => {
    const sent = serve(() => json(409, { message: BATCH_RECALLED_MESSAGE }));
    const { user } = renderSection(true);
    await user.click(within(await rowOf('GOOD')).getByRole('button', { name: 'Correct the quantity of lot GOOD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the quantity of lot GOOD' });
    const quantity = within(dialog).getByLabelText('New quantity');
    expect(quantity).toHaveValue('10');
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save quantity' }));
    expect(await within(dialog).findByText(REASON_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Two boxes broken');
    await user.click(within(dialog).getByRole('button', { name: 'Save quantity' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BATCH_RECALLED_MESSAGE);
    expect(sent).toEqual(['PATCH /api/medicines/med-1/batches/batch-GOOD {"quantity":8,"reason":"Two boxes broken"}']);
  });

  // It opened with the keyboard on its frame: a reason typed at once went nowhere.
  it('takes the reason typed as soon as a write-off or a recall asks for it', async () => {
    serve();
    const { user } = renderSection(true);
    for (const [button, title] of [
      ['Write off lot GOOD', 'Write off lot GOOD'],
      ['Recall lot GOOD', 'Recall lot GOOD'],
    ] as const) {
      await user.click(within(await rowOf('GOOD')).getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: title });
      await user.keyboard('Seals broken');
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('Seals broken');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    }
  });

  it('recalls a lot after the admin confirms with a reason, then opens its recall page', async () => {
    const sent = serve();
    const { user } = renderSection(true);
    await user.click(within(await rowOf('GOOD')).getByRole('button', { name: 'Recall lot GOOD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recall lot GOOD' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Contaminated');
    await user.click(within(dialog).getByRole('button', { name: 'Recall lot' }));
    expect(await screen.findByText('Recall page')).toBeInTheDocument();
    expect(sent).toEqual(['POST /api/medicines/med-1/batches/batch-GOOD/recall {"reason":"Contaminated"}']);
  });

  // The dialog checked its reason before it showed itself busy: a double click sent the write-off twice.
  it('writes a lot off once when its button is pressed twice before the first request is answered', async () => {
    const { sent, release } = holdWrites(
      () => json(200, { batch: BATCHES[3], orders: [] }),
      () => json(200, { batches: BATCHES }),
    );
    const { user } = renderSection(true);
    await user.click(within(await rowOf('GOOD')).getByRole('button', { name: 'Write off lot GOOD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off lot GOOD' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Seals broken');
    pressTwice(within(dialog).getByRole('button', { name: 'Write off' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toEqual(['POST /api/medicines/med-1/batches/batch-GOOD/write-off']);
  });
});
