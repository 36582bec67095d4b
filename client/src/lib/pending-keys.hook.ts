import { useState } from 'react';

/**
 * The keys (a medicine's id, an order's) whose request is on its way, so each control of a list waits
 * for its own request only: adding one medicine does not hold up the next card's button.
 */
export function usePendingKeys() {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  /** Runs `request` with `key` pending until it settles, and gives its result. */
  const whilePending = async <T>(key: string, request: () => Promise<T>): Promise<T> => {
    setPending((current) => new Set(current).add(key));
    try {
      return await request();
    } finally {
      setPending((current) => new Set([...current].filter((other) => other !== key)));
    }
  };
  return { isPending: (key: string) => pending.has(key), whilePending };
}
