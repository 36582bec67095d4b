import { useEffect, useRef } from 'react';

/**
 * Focus after a confirmed deletion: once the deleted row has left the list, taking the focused Delete
 * button with it, focus goes to the page's heading instead of falling to the page's body.
 */
export function useFocusAfterDelete(listedIds: readonly string[] | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef<string | null>(null);
  useEffect(() => {
    if (deleted.current === null || !listedIds || listedIds.includes(deleted.current)) return;
    deleted.current = null;
    // Only focus that was lost is moved: a user who went on elsewhere keeps their place.
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [listedIds]);
  return {
    heading,
    deleted: (id: string) => {
      deleted.current = id;
    },
  };
}
