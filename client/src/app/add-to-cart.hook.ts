import {
  ALREADY_IN_CART_MESSAGE,
  ITEM_ADDED_MESSAGE,
  type Medicine,
  PATHS,
  TOAST_ADD_TO_CART_MS,
  TOAST_LOGIN_NEEDED_MS,
} from '@apotheca/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { useAddToCartMutation, useGetCartQuery } from '../features/cart/cart.api';
import { errorMessage } from '../lib/error-message';
import { usePendingKeys } from '../lib/pending-keys.hook';
import { useSession } from './session.hook';

/**
 * Where the medicine cards meet the cart: a visitor is sent to /login, a
 * medicine already in the cart only gets the info message, anything else is added with quantity 1.
 */
export function useAddToCart() {
  const { isAuth } = useSession();
  const navigate = useNavigate();
  const { data } = useGetCartQuery(undefined, { skip: !isAuth });
  const [add] = useAddToCartMutation();
  // The medicines whose add is on its way: their buttons wait, so a double click adds once and says so once.
  const adding = usePendingKeys();

  const quantities = useMemo(
    () => new Map((data?.cart?.items ?? []).map((item) => [item.medicineId._id, item.quantity])),
    [data],
  );

  const addToCart = async (medicine: Medicine) => {
    if (!isAuth) {
      toast.error('Please login to add item to cart', { duration: TOAST_LOGIN_NEEDED_MS });
      await navigate(PATHS.login);
      return;
    }
    // One notice a medicine at a time: a press that follows quickly (a double press whose second half came
    // after the answer) replaces the notice of the one before with what the cart now holds, not a second toast.
    const notice = { id: `cart-add-${medicine._id}` };
    if (quantities.has(medicine._id)) {
      toast.info(ALREADY_IN_CART_MESSAGE, notice);
      return;
    }
    const { _id, name, developedBy, maxMonthsExpiry, category, imageUrl, price } = medicine;
    const result = await adding.whilePending(_id, () =>
      add({ medicineId: _id, quantity: 1, name, developedBy, maxMonthsExpiry, category, imageUrl, price }),
    );
    if (!result.error)
      toast.success(ITEM_ADDED_MESSAGE, { ...notice, duration: TOAST_ADD_TO_CART_MS, closeButton: true });
    // The server answers 409 when the cart already holds it e.g. added from another tab.
    else if ('status' in result.error && result.error.status === 409) toast.info(ALREADY_IN_CART_MESSAGE, notice);
    else toast.error(errorMessage(result.error));
  };

  return {
    addToCart: (medicine: Medicine) => void addToCart(medicine),
    /** Whether this medicine's add is on its way. */
    isAdding: adding.isPending,
    /** The cart quantity of each medicine for a logged-in shopper; undefined for a visitor. */
    quantityOf: (medicineId: string) => (isAuth ? (quantities.get(medicineId) ?? 0) : undefined),
  };
}
