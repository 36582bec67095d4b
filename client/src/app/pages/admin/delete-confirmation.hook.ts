import { useEffect, useRef, useState } from 'react';

/**
 * A row's deletion behind a confirmation dialog: the row waiting for an answer, and focus afterwards.
 * `remove` deletes and says how it went (its own toasts) by resolving to true or false. Once a
 * deleted row has left the list, taking the focused Delete button with it, focus goes to the page's
 * heading instead of falling to the page's body.
 */
export function useDeleteConfirmation<T extends { _id: string }>(
  listed: readonly T[] | undefined,
  remove: (row: T) => Promise<boolean>,
) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const deletedId = useRef<string | null>(null);

  useEffect(() => {
    const id = deletedId.current;
    if (id === null || !listed || listed.some((row) => row._id === id)) return;
    deletedId.current = null;
    // Only focus that was lost is moved: a user who went on elsewhere keeps their place.
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [listed]);

  const confirm = async () => {
    if (!toDelete) return;
    if (await remove(toDelete)) deletedId.current = toDelete._id;
    setToDelete(null);
  };

  return {
    toDelete,
    heading,
    ask: (row: T) => setToDelete(row),
    cancel: () => setToDelete(null),
    confirm: () => void confirm(),
  };
}
