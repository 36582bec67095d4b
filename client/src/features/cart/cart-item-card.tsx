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
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DetailList } from '../../components/ui/detail-list';
import { toast } from '../../lib/toast';
import { Button, busyButtonProps } from '../../components/ui/button';
import { UploadedImage } from '../../components/ui/uploaded-image';
import { readToken } from '../../lib/auth-storage';
import { errorMessage } from '../../lib/error-message';
import { useRemoveCartItemMutation, useUpdateCartItemMutation } from './cart.api';
import { CartLineMark } from './cart-line-mark';

/**
 * The quantity buttons' own look; while they cannot be used they are busy, never `disabled`, as every
 * button that waits (busyButtonProps): a button disabled while it has focus drops that focus to the
 * document's start, so a keyboard user's second Enter on + did nothing.
 */
const stepper =
  'flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-ink hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-300';

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
  const [update] = useUpdateCartItemMutation();
  // Each press counts, however quickly it follows the last on a slow connection: the presses set the
  // quantity the patient wants, shown at once, and the steps toward it go to the shop one after the other
  // (each answered before the next is sent, so none is refused for a bound the one before it moved).
  // `wanted` is null once the shop holds what was asked and the cart has been read again.
  const [wanted, setWanted] = useState<number | null>(null);
  // The shop's quantity as its last answer gave it, while steps are on their way.
  const [held, setHeld] = useState(item.quantity);
  const [sending, setSending] = useState(false);
  const quantity = wanted ?? item.quantity;
  // Past its stock or its limit per order the server refuses a step up, so + stops there; − stops at 1
  // (removing is its own button).
  const upTo = Math.min(item.stock, item.maxPerOrder ?? Number.POSITIVE_INFINITY);
  // A reading of the cart not asked for by these steps may hold an older quantity: a first press waits for it.
  const waiting = wanted === null && rereading;
  const canDecrease = quantity > 1 && !waiting;
  const canIncrease = quantity < upTo && !waiting;
  const press = (step: 1 | -1) => {
    if (wanted === null) setHeld(item.quantity);
    setWanted(quantity + step);
  };
  // Whether the cart has been read again since the shop's last answer: until then the line's copy may be
  // older than that answer (the answer reaches it a moment later), and showing it would step back.
  const rereadSinceAnswer = useRef(false);
  useEffect(() => {
    if (rereading) rereadSinceAnswer.current = true;
    if (wanted === null || sending) return;
    if (held === wanted) {
      // Done once the line shows the shop's answer, or a reading since then says otherwise (the line
      // changed elsewhere): the shop's own quantity is shown again.
      if (!rereading && (item.quantity === held || rereadSinceAnswer.current)) setWanted(null);
      return;
    }
    setSending(true);
    const operation: CartOperation = wanted > held ? CART_OPERATION.increment : CART_OPERATION.decrement;
    void update({ cartItemId: item.cartItemId, operation }).then((result) => {
      setSending(false);
      if (result.error) {
        // The steps still unsent are dropped: the line shows the shop's quantity again.
        toast.error(errorMessage(result.error));
        setWanted(null);
        return;
      }
      rereadSinceAnswer.current = false;
      setHeld(result.data.updatedItem.quantity);
    });
  }, [wanted, held, sending, rereading, update, item.cartItemId, item.quantity]);
  // A line exactly at a bound says which one stops +, or the stopped button reads as broken; a line
  // above one has its mark (CartLineMark) instead.
  const shown = { ...item, quantity };
  const boundLabel =
    isShortOfStock(shown) || isAboveOrderLimit(shown)
      ? null
      : item.maxPerOrder !== null && quantity === item.maxPerOrder
        ? orderLimitReachedLabel(item.maxPerOrder)
        : quantity === item.stock
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
              {quantity}
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
