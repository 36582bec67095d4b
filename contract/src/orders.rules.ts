// The rules on orders that the server enforces and the staff screens apply before asking, with their
// fixed messages. Free of zod, so that a screen that shows orders without a form to check downloads
// none of the schemas.

import { ORDER_STATUS, PRESCRIPTION_REVIEW, type OrderStatus, type PrescriptionReview } from './constants';

/**
 * The order number in a search: "A-100234", "a100234", "100234" or "#100234", as staff write it; null
 * for any other words.
 */
export function parseOrderNumber(q: string): number | null {
  const match = /^(?:a-?|#)?(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

/**
 * How many digits longer than a search's digits an order number they find may be: "100" finds
 * A-100000 to A-100999, "10" beside six-digit numbers nothing (a reach over any length of number
 * reads the whole list: docs/decisions/0173).
 */
export const ORDER_NUMBER_PREFIX_REACH = 3;
/** Shown when a search read as an order number finds nothing: its digits may be too few. */
export const SHORT_ORDER_NUMBER_HINT = `A number finds the orders whose numbers start with it and are at most ${ORDER_NUMBER_PREFIX_REACH} digits longer: type more of the order number, such as 100 for A-100000 to A-100999.`;

/**
 * An order waits for a pharmacist while its prescription's review is pending and it stands: a canceled
 * order waits for no decision, as the pharmacist's queue leaves it out, until it is opened again.
 */
export const awaitsPrescriptionReview = ({
  status,
  prescription,
}: {
  status: OrderStatus;
  prescription: { review: PrescriptionReview } | null;
}) => prescription?.review === PRESCRIPTION_REVIEW.pending && status !== ORDER_STATUS.canceled;

export const ADDRESS_NEEDED_MESSAGE =
  'This order waits for the patient to add a delivery address on their order page; it cannot be dispatched before.';
export const AWAITING_REVIEW_MESSAGE =
  'This order waits for a pharmacist to approve its prescription; it cannot be accepted or dispatched before.';
export const PRESCRIPTION_REJECTED_MESSAGE =
  "This order's prescription was rejected; it cannot be accepted or dispatched.";

/** The statuses that send medicines on their way: an order of prescription-only ones needs an approval first. */
const NEEDS_APPROVAL: readonly OrderStatus[] = [ORDER_STATUS.accepted, ORDER_STATUS.dispatched];

/**
 * The refusal of a dispatch while the order holds units drawn from a recalled lot (docs/decisions/0148):
 * they must not leave the shop. Staff replace them from the medicine's sellable lots, or cancel the order.
 */
export const recalledLotHeldMessage = (name: string, lot: string) =>
  `This order holds units of recalled lot ${lot} of ${name}. Replace them from another lot or cancel the order before dispatching it.`;
/** What staff's order page says of an order held by a recall, above the recall's notes. */
export const RECALL_HOLD_MESSAGE =
  'This order holds a recalled lot. It cannot be dispatched until its units of the lot are replaced from another lot, or it is canceled.';
/**
 * What the patient's order says while a recall holds it: its status stays as the product names it, and
 * this says why it waits, naming neither the lot nor anything of another order.
 */
export const RECALL_HOLD_PATIENT_NOTE =
  'Waiting: a lot of one of its medicines was recalled, and the pharmacy is replacing those units before sending it.';

export const ACCOUNT_DELETED_ORDER_MESSAGE =
  'The account this order was placed from was deleted: the order can only be canceled.';
/**
 * The one rule on which status an order may take: why `order`, read as the API answers it, may not
 * move to `to`, or undefined when it may. Any status may follow any other (the product sets no order
 * of statuses, so staff can correct a mistake), except that an order whose prescription is pending or
 * rejected never becomes Accepted or Dispatched, one without a delivery address is not dispatched,
 * one a recall holds (its `recallHold`, docs/decisions/0149) is not dispatched either, and one whose
 * account was deleted (no `userId`) is only canceled: no one is left to pay for it, receive it or be told.
 * Its own status is no change. The server refuses with this message (409) and the staff screens
 * offer no status it names, saying why. The server reads the recall hold again under its locks, after
 * any stock the change takes, since a recall may come after the screen read the order: it passes no
 * `recallHold` here. What the order alone does not tell (stock no longer there to take back, a
 * repeat's prescription used up since, someone else's change) the server alone refuses.
 */
export const statusChangeRefusal = (
  order: {
    status: OrderStatus;
    userId: object | string | null;
    prescription: { review: PrescriptionReview } | null;
    address: object | null;
    recallHold?: { lot: string; medicine: string } | null;
  },
  to: OrderStatus,
) => {
  if (order.status === to) return undefined;
  if (order.userId === null && to !== ORDER_STATUS.canceled) return ACCOUNT_DELETED_ORDER_MESSAGE;
  if (NEEDS_APPROVAL.includes(to) && order.prescription?.review === PRESCRIPTION_REVIEW.pending)
    return AWAITING_REVIEW_MESSAGE;
  if (NEEDS_APPROVAL.includes(to) && order.prescription?.review === PRESCRIPTION_REVIEW.rejected)
    return PRESCRIPTION_REJECTED_MESSAGE;
  if (to === ORDER_STATUS.dispatched && order.address === null) return ADDRESS_NEEDED_MESSAGE;
  if (to === ORDER_STATUS.dispatched && order.recallHold)
    return recalledLotHeldMessage(order.recallHold.medicine, order.recallHold.lot);
  return undefined;
};

/** Staff's replacement of recalled units, refused: the order holds none, or its units are not in the shop. */
export const NO_RECALLED_UNITS_MESSAGE = 'This order holds no units of a recalled lot to replace.';
export const REPLACE_TOO_LATE_MESSAGE =
  'Only the units of an order not yet dispatched or canceled can be replaced: they are no longer in the shop.';
/** Lots named in a sentence: "lot L-2", or "lots L-2, L-3". */
export const lotsLabel = (lots: string[]) => `lot${lots.length > 1 ? 's' : ''} ${lots.join(', ')}`;
/** The history note of a replacement: which recalled lot's units came from which lots instead. */
export const recalledUnitsReplacedNote = (name: string, lot: string, from: string[]) =>
  `Units of recalled lot ${lot} of ${name} replaced from ${lotsLabel(from)}.`;

export const ORDER_HAS_ADDRESS_MESSAGE =
  'This order has a delivery address already. To send it elsewhere, contact the pharmacy.';
export const ADDRESS_TOO_LATE_MESSAGE =
  'A delivery address can be added only to an order that is not yet dispatched, canceled or rejected.';
/** The statuses of an order not yet sent, to which its patient may still add the address it lacks. */
const ADDRESS_OPEN_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.pending, ORDER_STATUS.accepted];

/**
 * The one rule on adding the delivery address an order was placed without (docs/decisions/0135): why
 * its patient may not, or undefined when they may. Only an order without one, before it is dispatched
 * or canceled and while its prescription (if any) is not rejected; a placed address stays as placed.
 * The server refuses with this message (409) and the patient's order page offers the form only when
 * it is undefined.
 */
export const addressAddRefusal = (order: {
  status: OrderStatus;
  prescription: { review: PrescriptionReview } | null;
  address: object | null;
}) => {
  if (order.address !== null) return ORDER_HAS_ADDRESS_MESSAGE;
  if (!ADDRESS_OPEN_STATUSES.includes(order.status) || order.prescription?.review === PRESCRIPTION_REVIEW.rejected)
    return ADDRESS_TOO_LATE_MESSAGE;
  return undefined;
};

/** A pharmacist's review: a rejection says why, and repeats say until when (prescriptionReviewSchema). */
export const REJECTION_NOTE_REQUIRED_MESSAGE = 'Say why the prescription is rejected.';
export const REPEATS_NEED_DATE_MESSAGE = 'Say until when the repeats may be used.';

/**
 * An approval's terms as staff and patients read them: the repeat orders it still allows and their
 * last day, as the reader's screen writes a day (`lastDay`); or, approved without repeats, none beyond
 * its order, whose next order a pharmacist reviews again.
 */
export const approvalTermsLabel = (repeatsLeft: number, lastDay: string) =>
  repeatsLeft === 0
    ? `No repeats left; valid until ${lastDay}`
    : `${repeatsLeft} ${repeatsLeft === 1 ? 'repeat' : 'repeats'} left until ${lastDay}`;
export const APPROVED_FOR_ONE_ORDER_LABEL = 'No repeats: its next order is reviewed again';

/**
 * The refusal of an approval of a prescription no longer stored (deleted with its patient): nobody can
 * see what would be approved. A rejection still cancels the order and puts its stock back.
 */
export const PRESCRIPTION_GONE_MESSAGE =
  'The prescription is no longer stored, so it cannot be approved. Reject it to cancel the order.';

/** The refusal of a member of staff's review or status change of their own prescription order. */
export const OWN_PRESCRIPTION_ORDER_MESSAGE =
  'This is your own prescription order: another member of staff must review it and change its status.';
/** The refusal of a member of staff's status change of their own order without a prescription. */
export const OWN_ORDER_MESSAGE = 'This is your own order: another member of staff must change its status.';
/** The refusal of a member of staff's replacement of recalled units in their own order, prescription or not. */
export const OWN_ORDER_REPLACEMENT_MESSAGE =
  'This is your own order: another member of staff must replace its recalled units.';
/**
 * The one rule on staff and their own orders (docs/decisions/0109): why the member of staff `userId`
 * may not review or change the status of `order`, read as the API answers it, or undefined when they
 * may. An order is a prescription order when it answers a `prescription`, its file deleted or not.
 * The server refuses with this message (403) and the staff screens show it in place of the control.
 */
export const ownOrderRefusal = (
  order: { prescription: object | null; userId: { _id: string } | null },
  userId: string | undefined,
) =>
  order.userId !== null && order.userId._id === userId
    ? order.prescription !== null
      ? OWN_PRESCRIPTION_ORDER_MESSAGE
      : OWN_ORDER_MESSAGE
    : undefined;
