import { PATHS, ROLE, type Role, type User } from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { renderWithStore } from '../../../test/render-with-store';
import { useListMedicinesQuery } from '../../../features/medicines/medicines.api';
import { medicineFixture } from '../../../test/medicine.fixture';
import UsersPage from './users-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ada: User = {
  _id: 'user-ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  ph_no: '0123456789',
  role: ROLE.user,
  created_at: '2026-01-01T00:00:00.000Z',
};

/**
 * The server of the users page on a slow connection: the list holds Ada with her stored role; a role
 * change waits until the test answers it (`answerChange`), and so does each read of the list after the
 * first (`answerList`).
 */
function slowServer() {
  let stored: Role = ada.role;
  let reads = 0;
  let answerChange: (response: Response) => void = () => {};
  let answerList = () => {};
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    if (request.method === 'PATCH') {
      const response = await new Promise<Response>((resolve) => (answerChange = resolve));
      if (response.ok) stored = ((await request.json()) as { role: Role }).role;
      return response;
    }
    reads += 1;
    if (reads > 1) await new Promise<void>((resolve) => (answerList = resolve));
    return json(200, { users: [{ ...ada, role: stored }], total: 1 });
  });
  return { answerChange: (response: Response) => answerChange(response), answerList: () => answerList() };
}

describe('the role select of the users page', () => {
  it('shows the chosen role, unavailable, while it is saved, and the old one again with the reason if it fails', async () => {
    const server = slowServer();
    const { user } = renderWithStore(<UsersPage />, { path: PATHS.adminUsers, signedInAs: ROLE.admin });
    const select = await screen.findByRole('combobox', { name: 'Role of Ada Lovelace' });

    await user.selectOptions(select, ROLE.pharmacist);
    expect(select).toHaveValue(ROLE.pharmacist);
    expect(select).toHaveAttribute('aria-disabled', 'true');

    server.answerChange(json(409, { message: 'The shop could not change this role.' }));
    expect(await screen.findByText('The shop could not change this role.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue(ROLE.user));
    expect(select).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the chosen role once it is saved', async () => {
    const server = slowServer();
    const { user } = renderWithStore(<UsersPage />, { path: PATHS.adminUsers, signedInAs: ROLE.admin });
    const select = await screen.findByRole('combobox', { name: 'Role of Ada Lovelace' });

    await user.selectOptions(select, ROLE.pharmacist);
    server.answerChange(json(200, { user: { ...ada, role: ROLE.pharmacist } }));
    expect(await screen.findByText('Ada Lovelace is now a pharmacist.')).toBeInTheDocument();
    // Saved, while the list is read again: never the old role in between.
    await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
    expect(select).toHaveValue(ROLE.pharmacist);
    server.answerList();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(select).toHaveValue(ROLE.pharmacist);
  });
});

describe('the confirmation of a deletion on the users page', () => {
  // The deletion cancels the patient's orders not yet sent: the admin is told before confirming.
  it('says what becomes of their orders: kept as Deleted, those not yet dispatched canceled and the patient told', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { users: [ada], total: 1 })));
    const { user } = renderWithStore(<UsersPage />, { path: PATHS.adminUsers, signedInAs: ROLE.admin });
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    expect(dialog).toHaveTextContent(
      "Ada Lovelace (ada@example.com) will be deleted and signed out. Their orders stay, shown as 'Deleted'; those not yet dispatched are canceled, with their stock put back, and Ada Lovelace is told by e-mail.",
    );
  });
});

/** A medicine's stock as the catalogue's pages show it, read beside the users page as a page still cached would be. */
function AspirinStock() {
  const { data } = useListMedicinesQuery();
  const aspirin = data?.medicines[0];
  return aspirin ? <p>Aspirin stock: {aspirin.stock}</p> : null;
}

describe('deleting a user', () => {
  // Their orders not yet dispatched are canceled and their stock put back: the dashboard, the stock
  // reports and the medicine's page an admin had open went on showing the stock they had taken.
  it('reads the stock again, which the canceled orders put back', async () => {
    let stock = 144;
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      if (request.method === 'DELETE') {
        stock = 149;
        return Promise.resolve(json(200, { message: 'User deleted', user: ada }));
      }
      if (pathname.endsWith('/medicines'))
        return Promise.resolve(json(200, { medicines: [medicineFixture({ name: 'Aspirin', stock })], total: 1 }));
      return Promise.resolve(json(200, { users: [ada], total: 1 }));
    });
    const { user } = renderWithStore(
      <>
        <UsersPage />
        <AspirinStock />
      </>,
      { path: PATHS.adminUsers, signedInAs: ROLE.admin },
    );
    expect(await screen.findByText('Aspirin stock: 144')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Aspirin stock: 149')).toBeInTheDocument();
  });
});
