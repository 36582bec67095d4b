import {
  formatPrice,
  CART_OPERATION,
  isAboveOrderLimit,
  isShortOfStock,
  orderLimitReachedLabel,
  stockReachedLabel,
  type CartItem,
  type CartOperation,
} from '@apotheca/contract';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { DetailList } from '../../components/ui/detail-list';
import { toast } from '../../lib/toast';
import { Button, busyButtonProps } from '../../components/ui/button';
import { UploadedImage } from '../../components/ui/uploaded-image';
import { readToken } from '../../lib/auth-storage';
import { errorMessage } from '../../lib/error-message';
import {
  cartApi,
  changeCachedLine,
  useRemoveCartItemMutation,
  useUpdateCartItemMutation,
  type CartDispatch,
} from './cart.api';
import { CartLineMark } from './cart-line-mark';

/**
 * The quantity buttons' own look; while they cannot be used they are busy, never `disabled`, as every
 * button that waits (busyButtonProps): a button disabled while it has focus drops that focus to the
 * document's start, so a keyboard user's second Enter on + did nothing.
 */
const stepper =
  'flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-ink hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-300';

/** One press of + or −. */
type Step = 1 | -1;
/** What `steps` add up to. */
const stepsOf = (steps: readonly Step[]) => steps.reduce<number>((sum, step) => sum + step, 0);

/**
 * One item of the cart with its quantity buttons; the quantity never goes below 1 (removing is its own button).
 * `rereading`: the cart is being read again, so the quantity shown may be one a change has already left.
 * `prescriptionMark`: the catalogue's mark of a prescription-only medicine, which the page hands in (a feature
 * imports no other), shown beside the name of such a line so the patient knows checkout will ask for a prescription.
 */
export function CartItemCard({
  item,
  rereading = false,
  prescriptionMark,
}: {
  item: CartItem;
  rereading?: boolean;
  prescriptionMark?: ReactNode;
}) {
  const dispatch = useDispatch<CartDispatch>();
  const [update] = useUpdateCartItemMutation();
  // Each press counts, however quickly it follows the last on a slow connection. It is shown at once in the
  // cached cart, which the summary and the header's count read too, so the figures on the screen agree; its
  // step goes to the shop once the steps before it are answered (none is refused for a bound the one before
  // it moved). `presses`: the presses the shop has not answered, the first on its way; null between runs.
  const presses = useRef<Step[] | null>(null);
  const [stepping, setStepping] = useState(false);
  // Past its stock or its limit per order the server refuses a step up, so + stops there; − stops at 1
  // (removing is its own button).
  const upTo = Math.min(item.stock, item.maxPerOrder ?? Number.POSITIVE_INFINITY);
  // A reading of the cart not asked for by these steps replaces the line with an older copy: a first press
  // waits for it.
  const waiting = rereading && !stepping;
  const canDecrease = item.quantity > 1 && !waiting;
  const canIncrease = item.quantity < upTo && !waiting;
  const shownBy = (by: number) =>
    dispatch(
      changeCachedLine(item.cartItemId, (line) => {
        line.quantity += by;
        line.qty = line.quantity;
      }),
    );
  const sendPresses = async (queue: Step[]) => {
    for (let step = queue[0]; step !== undefined; step = queue[0]) {
      const operation: CartOperation = step > 0 ? CART_OPERATION.increment : CART_OPERATION.decrement;
      const result = await update({ cartItemId: item.cartItemId, operation });
      queue.shift();
      if (result.error) {
        // The line shows the shop's quantity again, and the presses not yet sent are dropped.
        shownBy(-step - stepsOf(queue));
        queue.length = 0;
        toast.error(errorMessage(result.error));
      } else {
        // The shop's line, with the presses still on their way counted on it.
        const answered = result.data.updatedItem;
        const shown = answered.quantity + stepsOf(queue);
        dispatch(
          changeCachedLine(item.cartItemId, (line) => Object.assign(line, answered, { quantity: shown, qty: shown })),
        );
      }
      if (queue.length > 0) continue;
      // The steps done, the cart is read again, as after any change. Its answer replaces the line: the
      // presses made meanwhile are counted on it again, then sent.
      const read = await dispatch(
        cartApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      if (read.isSuccess) shownBy(stepsOf(queue));
    }
  };
  const press = (step: Step) => {
    shownBy(step);
    if (presses.current) {
      presses.current.push(step);
      return;
    }
    const queue = [step];
    presses.current = queue;
    setStepping(true);
    void sendPresses(queue).finally(() => {
      presses.current = null;
      setStepping(false);
    });
  };
  // A line exactly at a bound says which one stops +, or the stopped button reads as broken; a line
  // above one has its mark (CartLineMark) instead.
  const boundLabel =
    isShortOfStock(item) || isAboveOrderLimit(item)
      ? null
      : item.maxPerOrder !== null && item.quantity === item.maxPerOrder
        ? orderLimitReachedLabel(item.maxPerOrder)
        : item.quantity === item.stock
          ? stockReachedLabel(item.stock)
          : null;
  const boundId = useId();
  const [remove, { isLoading: removing }] = useRemoveCartItemMutation();
  const removeItem = async () => {
    // Without a token (logged out in another tab, say) the call is not even sent.
    if (!readToken()) {
      toast.error('Please login to remove medicine from cart');
      return;
    }
    // The presses not yet sent were for the line being removed: sent after it, each would be refused.
    presses.current?.splice(1);
    const result = await remove(item.cartItemId);
    if (result.error) toast.error(errorMessage(result.error));
  };

  return (
    <article className="flex min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4">
      <UploadedImage
        imageUrl={item.imageUrl}
        alt=""
        sizes="128px"
        loading="lazy"
        className="h-20 w-24 shrink-0 rounded-xl bg-brand-50 object-cover sm:h-24 sm:w-32"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 text-lg font-semibold text-ink wrap-anywhere">{item.name}</h2>
            {item.prescriptionRequired ? prescriptionMark : null}
          </div>
          <p className="font-bold text-brand-800">{formatPrice(item.price)}</p>
        </div>
        <DetailList
          rows={[
            ['Developed By', item.developedBy],
            ['Category', item.category],
            ['Max Expiry', `${item.maxMonthsExpiry} months`],
          ]}
        />
        {/* Checkout would refuse this quantity: the patient lowers it or removes the item. */}
        <CartLineMark item={item} />
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${item.name}`}>
            <button
              type="button"
              className={stepper}
              aria-label={`Decrease quantity of ${item.name}`}
              {...busyButtonProps(!canDecrease, () => press(-1))}
            >
              −
            </button>
            <output className="w-8 text-center font-semibold" aria-live="polite" aria-label="Quantity">
              {item.quantity}
            </output>
            <button
              type="button"
              className={stepper}
              aria-label={`Increase quantity of ${item.name}`}
              aria-describedby={boundLabel ? boundId : undefined}
              {...busyButtonProps(!canIncrease, () => press(1))}
            >
              +
            </button>
            {boundLabel ? (
              <span id={boundId} className="text-xs text-muted">
                {boundLabel}
              </span>
            ) : null}
          </div>
          <Button variant="ghost" size="sm" busy={removing} onClick={() => void removeItem()}>
            Remove
          </Button>
        </div>
      </div>
    </article>
  );
}
