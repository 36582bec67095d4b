import {
  ADDRESS_MISSING_MESSAGE,
  CART_CHANGED_MESSAGE,
  EMPTY_CART_MESSAGE,
  PATHS,
  PRESCRIPTION_UPLOADING_MESSAGE,
  prescriptionNeededMessage,
  refusedLinesMessage,
  type Payment,
} from '@apotheca/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useToastClearance } from '../../lib/toast-clearance.hook';
import { FormAlert } from '../../components/ui/form-alert';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import {
  DeliveryAddressStep,
  type DeliveryChoice,
  type DeliveryStepHandle,
} from '../../features/addresses/delivery-address-step';
import { CartSummary } from '../../features/cart/cart-summary';
import { useGetCartQuery } from '../../features/cart/cart.api';
import { useCheckoutKey } from '../../features/orders/checkout-key.hook';
import { useAddOrderMutation } from '../../features/orders/orders.api';
import { PaymentForm } from '../../features/orders/payment-form';
import { PrescriptionPicker } from '../../features/prescriptions/prescription-picker';
import { usePrescriptionUpload } from '../../features/prescriptions/prescriptions.api';
import { SectionCard } from '../../components/ui/section-card';

/** The product's checkout failure text, for a failure the server gave no reason for. */
const ORDER_FAILED_FALLBACK = 'Something went wrong. Please try again.';

/**
 * A step Pay now found unfinished: its message is said at the step, and focus goes to the step's first
 * control, so a keyboard or screen reader user is taken to what to do instead of being left at the button.
 */
const focusStep = (step: HTMLElement | null) =>
  step?.querySelector<HTMLElement>('input:not(:disabled), select, textarea, button:not(:disabled)')?.focus();

/** A done step hands the focus on to the next one's heading, where a screen reader starts reading it. */
const focusHeading = (step: HTMLElement | null) => step?.querySelector<HTMLElement>('h2, legend')?.focus();

export default function CheckoutPage() {
  const { data, isLoading, error, refetch } = useGetCartQuery(undefined, { refetchOnMountOrArgChange: true });
  const [addOrder, { isLoading: paying }] = useAddOrderMutation();
  const [, { isLoading: uploading }] = usePrescriptionUpload();
  const navigate = useNavigate();
  // Toasts leave the heading and its way back to the cart clear: after a refused Pay now the patient
  // reads 'Order failed' and may well go back to the cart next.
  const titleRow = useRef<HTMLDivElement>(null);
  useToastClearance(titleRow);
  // Set once the cart has been turned into an order (or found empty): its emptiness is then expected.
  const done = useRef(false);
  const cart = data?.cart;
  const [checkoutKey, renewCheckoutKey] = useCheckoutKey(cart);
  // Lines above their sellable stock or their limit per order: the server would refuse the order, so
  // Pay now names them first, in one alert under the summary that marks them.
  const refusedLines = cart ? refusedLinesMessage(cart.items) : null;
  const linesAlert = useRef<HTMLParagraphElement>(null);
  // Each request (a count, so a second press asks again) takes the focus to that alert once it is shown.
  const [linesAlertFocus, setLinesAlertFocus] = useState(0);
  useEffect(() => {
    if (linesAlertFocus > 0) linesAlert.current?.focus();
  }, [linesAlertFocus]);
  // The server's 409 (a shortage, a recalled lot, a limit per order) stays said until the cart changes,
  // which gives another checkout key: a toast fades while the patient is still reading what to change.
  // While the cart's lines are marked, their alert says it: a 409 at checkout is always a line's stock
  // or limit, so the two would say one thing twice.
  const [refusal, setRefusal] = useState<{ key: string; message: string } | null>(null);
  const empty = !isLoading && !error && (!cart || cart.items.length === 0);
  // Prescription-only medicines in the cart: the order needs one of the shopper's prescriptions.
  const rxNames = cart?.items.filter((item) => item.prescriptionRequired).map((item) => item.name) ?? [];
  const [prescriptionId, setPrescriptionId] = useState<string | null>(null);
  const [delivery, setDelivery] = useState<DeliveryChoice | null>(null);
  const deliveryStep = useRef<HTMLDivElement>(null);
  const deliveryChoice = useRef<DeliveryStepHandle>(null);
  // A patient who typed a new address in full and went on to the card has said where: Pay now takes
  // it rather than saying the address is missing beside it.
  const deliveryAtPress = () => deliveryChoice.current?.take() ?? delivery;
  const prescriptionStep = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const paymentStep = useRef<HTMLDivElement>(null);
  // Set by the first press of Pay now: from then on each step still missing says so, until it is done.
  const [payPressed, setPayPressed] = useState(false);
  const addressMissing = delivery === null;
  // On a slow connection a prescription chosen a moment ago may still be on its way: it is not missing.
  const stillUploading = rxNames.length > 0 && uploading;
  const prescriptionMissing = rxNames.length > 0 && !prescriptionId && !uploading;

  // An empty cart shows the empty-cart alert and redirects to /: there is nothing to pay for.
  useEffect(() => {
    if (!empty || done.current) return;
    done.current = true;
    window.alert(EMPTY_CART_MESSAGE);
    void navigate(PATHS.home);
  }, [empty, navigate]);

  /**
   * Every step a press of Pay now finds missing says so at once (the card form says its own), so one
   * press tells the patient all that is left; focus goes to the first of them, in the page's order.
   * True when it took the focus to a step.
   */
  const showMissingSteps = (chosen: DeliveryChoice | null) => {
    setPayPressed(true);
    if (stillUploading) toast.info(PRESCRIPTION_UPLOADING_MESSAGE);
    if (chosen && !prescriptionMissing) return false;
    focusStep(chosen ? prescriptionStep.current : deliveryStep.current);
    return true;
  };

  const pay = async (payment: Payment) => {
    const chosen = deliveryAtPress();
    if (showMissingSteps(chosen) || stillUploading) return;
    if (refusedLines) {
      setLinesAlertFocus((requests) => requests + 1);
      return;
    }
    const result = await addOrder({
      key: checkoutKey,
      body: {
        payment,
        // The cart as this page shows it: changed since in another tab or on another device, or repriced,
        // it is refused rather than charged unseen.
        shownLines: (cart?.items ?? []).map(({ medicineId, quantity, price }) => ({
          medicineId: medicineId._id,
          quantity,
          price,
        })),
        ...chosen,
        ...(rxNames.length > 0 && prescriptionId ? { prescriptionId } : {}),
      },
    });
    if (result.error) {
      // The server's reason (a shortage, a limit per order, a missing prescription) says what to change.
      // A 409's stays on the page, in the alert at the payment or at the lines it marks, so SPEC's
      // 'Order failed' toast beside it says SPEC's own failure rather than the alert's sentence again.
      const message = errorMessage(result.error, ORDER_FAILED_FALLBACK);
      const refused = errorStatus(result.error) === 409;
      // A cart changed since this page showed it is read again below, which makes it another checkout
      // whose alert this refusal is not: the toast says it instead.
      const cartChanged = message === CART_CHANGED_MESSAGE;
      toast.error('Order failed', { description: refused && !cartChanged ? ORDER_FAILED_FALLBACK : message });
      if (!refused) return;
      if (!cartChanged) setRefusal({ key: checkoutKey, message });
      // The cart read again marks the lines refused (a recall, a sale, a lowered limit): the patient is
      // taken to their alert, as when Pay now found them before sending.
      const reread = await refetch();
      if (reread.data?.cart && refusedLinesMessage(reread.data.cart.items))
        setLinesAlertFocus((requests) => requests + 1);
      // The summary read again is what the patient is asked to check: a phone scrolled to Pay now goes there.
      else if (cartChanged) focusHeading(summary.current);
      return;
    }
    done.current = true;
    renewCheckoutKey();
    toast.success('Order placed!', { description: 'Your order has been successfully placed.' });
    await navigate(PATHS.home);
  };

  return (
    <div className="mx-auto mt-4 max-w-5xl">
      <div ref={titleRow} className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Checkout</h1>
        <Link to={PATHS.cart} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
          ← Back to cart
        </Link>
      </div>
      {isLoading ? <Spinner label="Loading your cart…" /> : null}
      {error ? <LoadError error={error} /> : null}
      {cart && cart.items.length > 0 ? (
        <div className="grid items-start gap-6 md:grid-cols-[1fr_340px]">
          {/* The summary comes first, so a phone shows what is paid for above Pay now; beside the forms, it is their right-hand column. */}
          <div ref={summary} className="md:col-start-2 md:row-start-1">
            <CartSummary cart={cart}>
              {payPressed && refusedLines ? <FormAlert ref={linesAlert}>{refusedLines}</FormAlert> : null}
            </CartSummary>
          </div>
          <div className="flex flex-col gap-6 md:col-start-1 md:row-start-1">
            <div ref={deliveryStep}>
              <DeliveryAddressStep
                ref={deliveryChoice}
                value={delivery}
                onChange={setDelivery}
                error={payPressed && addressMissing ? ADDRESS_MISSING_MESSAGE : undefined}
                onDelivered={() => focusHeading(rxNames.length > 0 ? prescriptionStep.current : paymentStep.current)}
              />
            </div>
            {rxNames.length > 0 ? (
              <div ref={prescriptionStep}>
                <PrescriptionPicker
                  medicines={rxNames}
                  value={prescriptionId}
                  onChange={setPrescriptionId}
                  // The server's own refusal of the same order, said before it is sent.
                  error={payPressed && prescriptionMissing ? prescriptionNeededMessage(rxNames) : undefined}
                />
              </div>
            ) : null}
            <div ref={paymentStep}>
              <SectionCard
                titleId="payment-title"
                title="Make a Payment"
                intro={
                  <p className="mb-5 text-sm text-muted">
                    Your card is checked securely; we never store its full number.
                  </p>
                }
              >
                <PaymentForm
                  onPay={(payment) => void pay(payment)}
                  onInvalid={() => showMissingSteps(deliveryAtPress())}
                  busy={paying}
                />
                {refusal?.key === checkoutKey && !refusedLines ? (
                  <FormAlert className="mt-4">{refusal.message}</FormAlert>
                ) : null}
              </SectionCard>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
