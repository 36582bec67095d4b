import { CART_CLEARED_MESSAGE, CHECKOUT_NAVIGATION_DELAY_MS, PATHS, refusedLinesMessage } from '@apotheca/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { Button, buttonClasses } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { CartItemCard } from '../../features/cart/cart-item-card';
import { CartSummary } from '../../features/cart/cart-summary';
import { useClearCartMutation, useGetCartQuery } from '../../features/cart/cart.api';
import { PrescriptionBadge } from '../../features/medicines/prescription-badge';

export default function CartPage() {
  // Read afresh when opened, as checkout does: the header's copy may be older than a recall or a sale
  // that took a line's stock, and the lines short of stock are marked from it.
  const { data, isLoading, isFetching, error } = useGetCartQuery(undefined, { refetchOnMountOrArgChange: true });
  const [clearCart, { isLoading: clearing }] = useClearCartMutation();
  const navigate = useNavigate();
  const cart = data?.cart;
  // Once chosen, checkout follows the toast's moment, once: a second click would add a second history
  // entry (Back would land on checkout again), and a shopper who leaves meanwhile is not pulled back.
  const [proceeding, setProceeding] = useState(false);
  useEffect(() => {
    if (!proceeding) return;
    const timer = setTimeout(() => void navigate(PATHS.checkout), CHECKOUT_NAVIGATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [proceeding, navigate]);
  // Lines above their stock or their limit per order would be refused at Pay now: Proceed names them
  // instead, until each is fixed.
  const refusedLines = cart ? refusedLinesMessage(cart.items) : null;
  const [proceedPressed, setProceedPressed] = useState(false);

  const deleteCart = async () => {
    const result = await clearCart();
    if (result.error) {
      toast.error('Error clearing cart.', {
        description: 'There was an issue while clearing the cart. Please try again.',
      });
    } else toast.success(CART_CLEARED_MESSAGE);
  };
  const proceed = () => {
    setProceedPressed(true);
    if (refusedLines) return;
    toast.info('Proceeding to checkout...');
    setProceeding(true);
    // The checkout's code comes in the toast's moment, so the page opens when the moment is over; asked
    // for once opened, a slow connection showed a loading page for as long again. The router's lazy
    // page finds the module loaded.
    void import('./checkout-page');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Your Cart</h1>
        {cart && cart.items.length > 0 ? (
          <Button variant="danger" busy={clearing} onClick={() => void deleteCart()}>
            Delete Cart
          </Button>
        ) : null}
      </div>
      {isLoading ? <Spinner label="Loading your cart…" /> : null}
      {error ? <LoadError error={error} /> : null}
      {!isLoading && !error && (!cart || cart.items.length === 0) ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-12 text-center">
          <p className="text-lg text-muted">Your cart is empty.</p>
          <Link to={PATHS.medicines} className={buttonClasses()}>
            Start shopping now
          </Link>
        </div>
      ) : null}
      {cart && cart.items.length > 0 ? (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_360px]">
          <div className="grid min-w-0 gap-4 xl:grid-cols-2">
            {cart.items.map((item) => (
              <CartItemCard
                key={item._id}
                item={item}
                rereading={isFetching}
                prescriptionMark={<PrescriptionBadge />}
              />
            ))}
          </div>
          <CartSummary cart={cart}>
            {/* While the cart is read again its lines may be older than a lowered limit or a sale: Proceed
                waits for them, as the steppers do, rather than judge the old copy and go on. */}
            <Button size="lg" className="w-full" busy={proceeding || isFetching} onClick={proceed}>
              Proceed to Checkout
            </Button>
            {proceedPressed && refusedLines ? <FormAlert className="mt-3">{refusedLines}</FormAlert> : null}
          </CartSummary>
        </div>
      ) : null}
    </div>
  );
}
