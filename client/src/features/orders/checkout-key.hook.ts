import type { Cart } from '@apotheca/contract';
import { useCallback, useState } from 'react';

/**
 * 128 random bits in hex. Not `crypto.randomUUID`: browsers give it to secure origins only, and a
 * shop served over plain http on its own network would have none.
 */
const newCheckoutKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The Idempotency-Key of the patient's checkout attempt: the same for every Pay of the same cart, so a
 * Pay sent again after a lost answer is answered with the order already placed; a new one when the
 * cart changes, and after an order is placed (`renew`), since the next order is another attempt.
 */
export function useCheckoutKey(cart: Cart | null | undefined): [key: string, renew: () => void] {
  const contents = cart?.items.map((item) => `${item.medicineId._id}:${item.quantity}`).join(',') ?? '';
  const [attempt, setAttempt] = useState(() => ({ contents, key: newCheckoutKey() }));
  // Another cart is another attempt: its key is changed as it renders, before any Pay can send it.
  if (attempt.contents !== contents) setAttempt({ contents, key: newCheckoutKey() });
  const renew = useCallback(() => setAttempt({ contents, key: newCheckoutKey() }), [contents]);
  return [attempt.key, renew];
}
