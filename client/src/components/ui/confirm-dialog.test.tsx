import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A dialog whose Delete starts a deletion that does not answer, as on a slow line. */
function SlowDeletion() {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title="Delete medicine?"
      description="Aspirin will be removed from the catalogue."
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => setBusy(true)}
      onCancel={() => setOpen(false)}
    />
  );
}

describe('ConfirmDialog', () => {
  it('cannot be cancelled once confirmed: the deletion under way is not undone by Cancel or Escape', async () => {
    const user = userEvent.setup();
    render(<SlowDeletion />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete medicine?' })).toBeInTheDocument();
  });
});
