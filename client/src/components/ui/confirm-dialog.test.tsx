import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A dialog whose Delete starts a deletion that does not answer, as on a slow line. */
function SlowDeletion({ onDelete = () => {} }: { onDelete?: () => void }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title="Delete medicine?"
      description="Aspirin will be removed from the catalogue."
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => {
        onDelete();
        setBusy(true);
      }}
      onCancel={() => setOpen(false)}
    />
  );
}

describe('ConfirmDialog', () => {
  it('cannot be cancelled once confirmed: the deletion under way is not undone by Cancel or Escape', async () => {
    const user = userEvent.setup();
    render(<SlowDeletion />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete medicine?' })).toBeInTheDocument();
  });

  it('keeps the focus on a confirm being saved, and a second press confirms nothing more', async () => {
    const user = userEvent.setup();
    let deletions = 0;
    render(<SlowDeletion onDelete={() => (deletions += 1)} />);
    const confirm = screen.getByRole('button', { name: 'Delete' });
    confirm.focus();
    await user.keyboard('{Enter}');
    // Disabled, it would drop the keyboard's focus out of the dialog while the deletion runs.
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(confirm);
    expect(deletions).toBe(1);
  });
});
