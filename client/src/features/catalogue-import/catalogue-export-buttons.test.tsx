import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { renderWithStore } from '../../test/render-with-store';
import { CatalogueExportButtons } from './catalogue-export-buttons';
import { CSV_EXPORTS } from './catalogue-import.api';

describe('CatalogueExportButtons', () => {
  it('waits busy, not disabled, for its own file only: a second press sends nothing, the other export is free', async () => {
    stubBrowserRequest();
    const requested: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      requested.push(new URL((input as Request).url).pathname);
      // The export is not answered: it stays on its way.
      return new Promise<Response>(() => undefined);
    });
    const { user } = renderWithStore(<CatalogueExportButtons />);

    const medicines = screen.getByRole('button', { name: CSV_EXPORTS.medicines.label });
    const batches = screen.getByRole('button', { name: CSV_EXPORTS.batches.label });
    await user.click(medicines);
    await waitFor(() => expect(requested).toHaveLength(1));
    expect(medicines).toHaveAttribute('aria-disabled', 'true');
    expect(medicines).toBeEnabled();
    await user.click(medicines);
    expect(requested).toHaveLength(1);

    expect(batches).not.toHaveAttribute('aria-disabled');
    await user.click(batches);
    await waitFor(() =>
      expect(requested).toEqual([`/api${CSV_EXPORTS.medicines.url}`, `/api${CSV_EXPORTS.batches.url}`]),
    );
  });
});
