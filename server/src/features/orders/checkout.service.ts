import {
  MAX_MONEY_CENTS,
  maxPerOrderMessage,
  ORDER_EVENT,
  ORDER_TOTAL_TOO_LARGE_MESSAGE,
  PAYMENT_STATUS,
  PRESCRIPTION_EXPIRED_MESSAGE,
  PRESCRIPTION_USED_UP_MESSAGE,
  REPEAT_REVIEW_NOTE,
  type AddressInput,
  PRESCRIPTION_REVIEW,
  PRESCRIPTION_STATE,
  prescriptionNeededMessage,
  recalledLotMessage,
  ORDER_STATUSES,
  STORED_PAYMENT_STATUSES,
  PRESCRIPTION_REVIEWS,
  type Order,
  type OrderHistoryEntry,
  type Payment,
  type Role,
  EMPTY_CART_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  CART_CHANGED_MESSAGE,
  type AddOrderBody,
  type ShownLine,
} from '@apotheca/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { cartItems, carts, mailOutbox, orderHistory, orderItems, orders, prescriptions, users } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { retryOnceOnLockConflict, sqlState } from '../../db/retry';
import { HttpError } from '../../http-error';
import { deliveryAddress } from '../addresses/addresses.service';
import { sha256 } from '../auth/session.service';
import { repeatRefusal } from '../prescriptions/prescriptions.service';
import { checkoutStock, recalledLot, stockConflict } from '../stock/stock.service';
import { ORDER_PLACED_TEMPLATE, orderPlacedMailData } from './order-mail.service';
import { loadOrders, toOrder, type OrderRow } from './orders.service';

// Checkout: turns the caller's cart into an order.

/** PostgreSQL's SQLSTATE for a write a unique index refused. */
const UNIQUE_VIOLATION = '23505';

type Shopper = { id: string; firstName: string; lastName: string; role: Role };

/** One row per ordered item; a refused checkout gives one row with only the verdict. */
const checkoutRowSchema = z.object({
  ok: z.boolean(),
  line_count: z.number(),
  has_rx: z.boolean(),
  within_limits: z.boolean(),
  stocked: z.boolean(),
  rx_names: z.array(z.string()).nullable(),
  rx_refusal: z.enum([PRESCRIPTION_STATE.expired, PRESCRIPTION_STATE.usedUp]).nullable(),
  over_name: z.string().nullable(),
  max_per_order: z.number().nullable(),
  short_name: z.string().nullable(),
  short_stock: z.number().nullable(),
  short_recalled_lot: z.string().nullable(),
  as_shown: z.boolean(),
  order_id: z.string().nullable(),
  order_number: z.number().nullable(),
  total_cents: z.number().nullable(),
  status: z.enum(ORDER_STATUSES).nullable(),
  payment_status: z.enum(STORED_PAYMENT_STATUSES).nullable(),
  card_last4: z.string().nullable(),
  created_at: z.coerce.date().nullable(),
  prescription_id: z.string().nullable(),
  prescription_review: z.enum(PRESCRIPTION_REVIEWS).nullable(),
  prescription_repeat: z.boolean().nullable(),
  reviewed_at: z.coerce.date().nullable(),
  valid_until: z.string().nullable(),
  repeats_left: z.number().nullable(),
  item_id: z.string().nullable(),
  medicine_id: z.string().nullable(),
  name: z.string().nullable(),
  price_cents: z.number().nullable(),
  quantity: z.number().nullable(),
  prescription_required: z.boolean().nullable(),
});
/** A placed order's row: every column of the order and its item is there. */
const placedRowSchema = checkoutRowSchema.extend({
  order_id: z.string(),
  order_number: z.number(),
  total_cents: z.number(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(STORED_PAYMENT_STATUSES),
  created_at: z.coerce.date(),
  prescription_repeat: z.boolean(),
  item_id: z.string(),
  name: z.string(),
  price_cents: z.number(),
  quantity: z.number(),
  prescription_required: z.boolean(),
});

/** The output columns of a CTE written in SQL, by name, typed as the row schema reads them. */
const columns = <Name extends string>(names: readonly Name[]) =>
  Object.fromEntries(names.map((name) => [name, sql`${sql.identifier(name)}`.as(name)])) as Record<
    Name,
    SQL.Aliased<unknown>
  >;

/**
 * One statement, so one transaction and one round trip for a checkout rush: takes the stock of every
 * cart item, copies names and server prices into the order, empties the cart and records 'placed' in
 * the order's history and the confirmation mail in the outbox. Every write in it is conditional on
 * every line having its stock within its limit per order and, when a line is prescription-only, on
 * the order carrying one of the caller's own prescriptions, so any shortage or missing prescription
 * changes nothing. Prepared: each connection parses and plans it once, which cost PostgreSQL more
 * than running it.
 *
 * `prescribed` when the request names a prescription. Without one, a prescription-only line is
 * refused all the same, and the prescription's part (its lock, a repeat's rule, the repeat spent) is
 * left out of the statement rather than run empty: PostgreSQL sets up every part of a plan at each
 * execution, run or not, and that setup was the largest single share of its CPU on the order
 * benchmark (docs/decisions/0094).
 */
function checkoutStatement(db: Db, prescribed: boolean) {
  const userId = sql`${sql.placeholder('userId')}::uuid`;
  const cte = (name: string) => db.$with(name, {});
  const lines = cte('lines').as(sql`
    select ci.id, ci.medicine_id, ci.quantity
    from ${cartItems} ci join ${carts} c on c.id = ci.cart_id
    where c.user_id = ${userId}
    for update of ci`);
  const { wanted, held, stock, take, record } = checkoutStock(db, sql`${lines}`);
  const rx = cte('rx').as(sql`
    -- Locked: of two orders racing for a prescription's last repeat, the second reads what the first left.
    select id, valid_until, repeats_left from ${prescriptions}
    where id = ${sql.placeholder('prescriptionId')}::uuid and user_id = ${userId}
    for update`);
  const repeat = cte('repeat').as(sql`
    -- A prescription approved before, whose approved orders held every prescription-only medicine
    -- of this cart in at least the quantity it holds, is reused as a repeat: within its validity and
    -- with a repeat left, or refused. More than a pharmacist approved goes to a pharmacist, and so
    -- does every order of a prescription a pharmacist has rejected since, as its owner's list says.
    select rx.id, ${repeatRefusal(sql`rx.valid_until`, sql`rx.repeats_left`)} as refusal
    from ${rx} rx
    where rx.valid_until is not null and not exists (
      select 1 from ${orders} o where o.prescription_id = rx.id and o.prescription_review = ${PRESCRIPTION_REVIEW.rejected}
    ) and not exists (
      select 1 from ${stock} s where s.prescription_required and not exists (
        select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
        where o.prescription_id = rx.id and o.prescription_review = ${PRESCRIPTION_REVIEW.approved}
          and oi.medicine_id = s.id and oi.quantity >= s.quantity))`);
  // The prescription's part, or what it comes to when the request names none.
  const hasRx = prescribed ? sql`exists (select 1 from ${rx})` : sql`false`;
  const rxId = prescribed ? sql`(select id from ${rx})` : sql`null::uuid`;
  const isRepeat = prescribed ? sql`exists (select 1 from ${repeat})` : sql`false`;
  const repeatRefused = prescribed ? sql`exists (select 1 from ${repeat} where refusal is not null)` : sql`false`;
  const rxRefusal = prescribed ? sql`(select refusal from ${repeat})` : sql`null::text`;
  const totals = cte('totals').as(sql`
    -- Summed in bigint: a line of $1,000,000 x 1000 is past the 32-bit cents of the order's total.
    select count(*)::integer as line_count,
      coalesce(bool_and(stock >= quantity), false) as stocked,
      coalesce(bool_and(max_per_order is null or quantity <= max_per_order), false) as within_limits,
      coalesce(bool_or(prescription_required), false) as needs_rx,
      array_agg(name order by name) filter (where prescription_required) as rx_names,
      coalesce(sum(price_cents::bigint * quantity), 0) <= ${MAX_MONEY_CENTS} as within_cap,
      sum(price_cents::bigint * quantity) as total,
      -- The cart as the checkout showed it, when it says: the same medicines, quantities and prices.
      ${sql.placeholder('shownLines')}::jsonb is null or ${sql.placeholder('shownLines')}::jsonb = coalesce(jsonb_agg(
        jsonb_build_array(id::text, quantity, price_cents) order by id::text), '[]'::jsonb) as as_shown
    from ${stock}`);
  const ruling = cte('ruling').as(sql`
    select t.*, (not t.needs_rx or ${hasRx}) as has_rx,
      t.as_shown and t.stocked and t.within_limits and t.within_cap and (not t.needs_rx or ${hasRx})
        and not (t.needs_rx and ${repeatRefused}) as ok,
      case when t.within_cap then t.total::integer end as total_cents,
      t.needs_rx and ${isRepeat} as is_repeat,
      case when t.needs_rx then ${rxRefusal} end as rx_refusal
    from ${totals} t`);
  const taken = take(sql`(select ok from ${ruling})`);
  const spent = cte('spent').as(sql`
    update ${prescriptions} p set repeats_left = p.repeats_left - 1
    from ${ruling} r where r.ok and r.is_repeat and p.id = ${rxId}
    returning p.valid_until, p.repeats_left`);
  const emptied = cte('emptied').as(
    sql`delete from ${cartItems} where id in (select id from ${lines}) and (select ok from ${ruling})`,
  );
  const newOrder = cte('new_order').as(sql`
    insert into ${orders} (user_id, total_cents, payment_status, card_last4, prescription_id, prescription_review,
      prescription_repeat, review_note, reviewed_at, address, checkout_key, checkout_fingerprint)
    select ${userId}, total_cents, ${sql.placeholder('paymentStatus')}, ${sql.placeholder('cardLast4')},
      case when needs_rx then ${rxId} end,
      case when is_repeat then ${PRESCRIPTION_REVIEW.approved} when needs_rx then ${PRESCRIPTION_REVIEW.pending} end,
      is_repeat, case when is_repeat then ${REPEAT_REVIEW_NOTE} end, case when is_repeat then now() end,
      ${sql.placeholder('address')}::jsonb, ${sql.placeholder('checkoutKey')}, ${sql.placeholder('checkoutFingerprint')}
    from ${ruling} where ok
    returning *`);
  const newItems = cte('new_items').as(sql`
    insert into ${orderItems} (order_id, medicine_id, name, price_cents, quantity, prescription_required)
    select o.id, s.id, s.name, s.price_cents, s.quantity, s.prescription_required from ${newOrder} o, ${stock} s
    returning *`);
  const placed = cte('placed').as(sql`
    -- A repeat's review is recorded by the shop itself, right after the order.
    insert into ${orderHistory} (order_id, actor_id, event, "from", "to", note)
    select id, user_id, ${ORDER_EVENT.placed}, null, status, null from ${newOrder}
    union all
    select id, null, ${ORDER_EVENT.reviewDecided}, ${PRESCRIPTION_REVIEW.pending}, prescription_review, review_note
    from ${newOrder} where prescription_repeat`);
  const confirmed = cte('confirmed').as(sql`
    insert into ${mailOutbox} ("to", template, data)
    select u.email, ${ORDER_PLACED_TEMPLATE}, ${orderPlacedMailData('o', 'u', 'new_items', sql`${sql.placeholder('payWithinMinutes')}::integer`)}
    from ${newOrder} o join ${users} u on u.id = o.user_id`);
  const spentTerms = prescribed
    ? sql`sp.valid_until::text as valid_until, sp.repeats_left`
    : sql`null::text as valid_until, null::integer as repeats_left`;
  const result = db.$with('result', columns(checkoutRowSchema.keyof().options)).as(sql`
    select r.ok, r.line_count, r.as_shown, r.has_rx, r.within_limits, r.stocked, r.rx_names, r.rx_refusal,
      o.prescription_repeat, o.reviewed_at, ${spentTerms},
      short.name as short_name, short.stock as short_stock, short.recalled_lot as short_recalled_lot,
      over.name as over_name, over.max_per_order,
      o.id as order_id, o.number as order_number, o.total_cents, o.status, o.payment_status, o.card_last4,
      o.created_at, o.prescription_id, o.prescription_review,
      i.id as item_id, i.medicine_id, i.name, i.price_cents, i.quantity, i.prescription_required
    from ${ruling} r
    left join lateral (
      select s.name, s.stock, ${recalledLot(sql`s.id`)} as recalled_lot from ${stock} s where s.stock < s.quantity
      order by s.id limit 1
    ) short on true
    left join lateral (select name, max_per_order from ${stock} where quantity > max_per_order order by name limit 1) over on true
    left join ${newOrder} o on true
    left join ${newItems} i on true
    ${prescribed ? sql`left join ${spent} sp on true` : sql``}`);
  return db
    .with(
      lines,
      wanted,
      held,
      stock,
      ...(prescribed ? [rx, repeat] : []),
      totals,
      ruling,
      ...taken,
      ...(prescribed ? [spent] : []),
      emptied,
      newOrder,
      newItems,
      record(sql`${newItems}`),
      placed,
      confirmed,
      result,
    )
    .select()
    .from(result);
}
const checkoutQuery = preparedQuery((db) => checkoutStatement(db, false).prepare('checkout'));
const prescribedCheckoutQuery = preparedQuery((db) => checkoutStatement(db, true).prepare('checkout_prescribed'));

/** One checkout attempt as the client named it (its Idempotency-Key) and a digest of what it asked. */
export type CheckoutAttempt = { key: string; fingerprint: string };

/**
 * A digest of an add-order body, to tell a resend of an attempt from another request under its key.
 * The card's number counts by its last four digits only and its CVV not at all: a digest of a
 * 12-digit number could be reversed by trying them all, and the number is never kept whole.
 */
export function checkoutAttempt(
  key: string,
  { payment, prescriptionId, addressId, address, saveAddress }: AddOrderBody,
) {
  const card = payment && {
    cardholderName: payment.cardholderName,
    expiry: payment.expiry,
    last4: payment.cardNumber.slice(-4),
  };
  const asked = [card ?? null, prescriptionId ?? null, addressId ?? null, address ?? null, saveAddress ?? false];
  return { key, fingerprint: sha256(JSON.stringify(asked)) };
}

/**
 * The order an attempt placed, if one did. A key that placed an order for another request is a
 * conflict: its order stands, and the patient is told to look at their orders.
 */
async function orderOfAttempt(db: Db, userId: string, { key, fingerprint }: CheckoutAttempt): Promise<Order | null> {
  const [placed] = await db
    .select({ id: orders.id, fingerprint: orders.checkoutFingerprint })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, key)));
  if (!placed) return null;
  if (placed.fingerprint !== fingerprint) throw HttpError.conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  const [order] = await loadOrders(db, eq(orders.id, placed.id));
  return order ?? null;
}

/**
 * Places the cart's order once per attempt: `replayed` when an earlier copy of the attempt placed it,
 * which is then answered as it stands. The key is checked by the order's unique index as the order
 * is written, so the first copy pays no look-up; a copy that fails (its cart already emptied by the
 * first, its saved address deleted since, or the index refusing a second order) looks for the
 * first's order before it reports its own failure. Two copies at once: the second waits on the
 * cart's lock, then finds the cart empty. An order placed unpaid is canceled after
 * `unpaidOrderTtlMinutes` (0: never), which its confirmation says.
 */
export async function placeOrderOnce(
  db: Db,
  user: Shopper,
  request: CheckoutRequest,
  attempt: CheckoutAttempt | undefined,
  unpaidOrderTtlMinutes: number,
): Promise<{ order: Order; replayed: boolean }> {
  try {
    return { order: await placeOrder(db, user, request, attempt, unpaidOrderTtlMinutes), replayed: false };
  } catch (error) {
    const mayBeCopy = error instanceof HttpError || sqlState(error) === UNIQUE_VIOLATION;
    const earlier = attempt && mayBeCopy ? await orderOfAttempt(db, user.id, attempt) : null;
    if (!earlier) throw error;
    return { order: earlier, replayed: true };
  }
}

/**
 * Shown lines in the form the statement builds from the cart: [medicine id, quantity, price in cents]
 * by medicine id, so that two carts alike compare equal whatever order the checkout listed them in.
 */
const shownLinesKey = (lines: ShownLine[]) =>
  lines
    .map(({ medicineId, quantity, price }) => [medicineId.toLowerCase(), quantity, Math.round(price * 100)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

type CheckoutRequest = {
  payment?: Payment | undefined;
  shownLines?: ShownLine[] | undefined;
  prescriptionId?: string | undefined;
  addressId?: string | undefined;
  address?: AddressInput | undefined;
};

async function placeOrder(
  db: Db,
  user: Shopper,
  { payment, shownLines, prescriptionId, addressId, address: typed }: CheckoutRequest,
  attempt: CheckoutAttempt | undefined,
  unpaidOrderTtlMinutes: number,
): Promise<Order> {
  // Read here, inside the attempt: a resend whose saved address was deleted after the first copy
  // placed the order still finds that order, rather than failing for the address.
  const address = await deliveryAddress(db, user.id, { addressId, address: typed });
  // `lines` locks the cart's items: a second checkout of the same cart waits, then finds them gone.
  // `stock` locks the medicines (stock.service.ts).
  // A deletion of a medicine locks in the same order (medicines.service.ts); a cycle it still forms
  // with a cart item added meanwhile is retried once.
  const result = await retryOnceOnLockConflict(() =>
    (prescriptionId ? prescribedCheckoutQuery : checkoutQuery)(db).execute({
      userId: user.id,
      prescriptionId: prescriptionId ?? null,
      paymentStatus: payment ? PAYMENT_STATUS.paid : PAYMENT_STATUS.pending,
      // Only the last four digits of a card are ever kept.
      cardLast4: payment ? payment.cardNumber.slice(-4) : null,
      address: address && JSON.stringify(address),
      checkoutKey: attempt?.key ?? null,
      checkoutFingerprint: attempt?.fingerprint ?? null,
      shownLines: shownLines ? JSON.stringify(shownLinesKey(shownLines)) : null,
      // What the confirmation says of the time left to pay: nothing for a paid order.
      payWithinMinutes: payment || unpaidOrderTtlMinutes === 0 ? null : unpaidOrderTtlMinutes,
    }),
  );
  const rows = result.map((row) => checkoutRowSchema.parse(row));
  const [first] = rows;
  if (!first || first.line_count === 0) throw HttpError.badRequest(EMPTY_CART_MESSAGE);
  if (!first.as_shown) throw HttpError.conflict(CART_CHANGED_MESSAGE);
  if (!first.has_rx) throw HttpError.badRequest(prescriptionNeededMessage(first.rx_names ?? []));
  if (first.rx_refusal)
    throw HttpError.badRequest(
      first.rx_refusal === PRESCRIPTION_STATE.expired ? PRESCRIPTION_EXPIRED_MESSAGE : PRESCRIPTION_USED_UP_MESSAGE,
    );
  if (!first.within_limits)
    throw HttpError.conflict(maxPerOrderMessage(first.max_per_order ?? 0, first.over_name ?? ''));
  if (!first.stocked && first.short_recalled_lot !== null)
    throw HttpError.conflict(recalledLotMessage(first.short_name ?? '', first.short_recalled_lot));
  if (!first.stocked) throw stockConflict({ name: first.short_name ?? '', stock: first.short_stock ?? 0 });
  if (!first.ok) throw HttpError.badRequest(ORDER_TOTAL_TOO_LARGE_MESSAGE);
  const placedRows = rows.map((row) => placedRowSchema.parse(row));
  const head = placedRows[0]!;
  const order: OrderRow = {
    id: head.order_id,
    number: head.order_number,
    userId: user.id,
    totalCents: head.total_cents,
    status: head.status,
    paymentStatus: head.payment_status,
    cardLast4: head.card_last4,
    prescriptionId: head.prescription_id,
    prescriptionReview: head.prescription_review,
    reviewNote: head.prescription_repeat ? REPEAT_REVIEW_NOTE : null,
    reviewedBy: null,
    reviewedAt: head.reviewed_at,
    prescriptionRepeat: head.prescription_repeat,
    address,
    carrier: null,
    trackingNumber: null,
    dispatchedAt: null,
    checkoutKey: attempt?.key ?? null,
    checkoutFingerprint: attempt?.fingerprint ?? null,
    createdAt: head.created_at,
  };
  const items = placedRows.map((row) => ({
    id: row.item_id,
    orderId: order.id,
    medicineId: row.medicine_id,
    name: row.name,
    priceCents: row.price_cents,
    quantity: row.quantity,
    prescriptionRequired: row.prescription_required,
  }));
  const placed: OrderHistoryEntry = {
    at: order.createdAt.toISOString(),
    actor: { _id: user.id, name: `${user.firstName} ${user.lastName}`, role: user.role },
    event: ORDER_EVENT.placed,
    from: null,
    to: order.status,
    note: null,
  };
  const repeated: OrderHistoryEntry[] = order.prescriptionRepeat
    ? [
        {
          ...placed,
          actor: null,
          event: ORDER_EVENT.reviewDecided,
          from: PRESCRIPTION_REVIEW.pending,
          to: PRESCRIPTION_REVIEW.approved,
          note: REPEAT_REVIEW_NOTE,
        },
      ]
    : [];
  // The terms a repeat leaves on its prescription; an order awaiting review has none to tell yet.
  const terms = order.prescriptionRepeat ? { validUntil: first.valid_until, repeatsLeft: first.repeats_left } : null;
  // Its units were just drawn from sellable lots alone: no recall holds it.
  return toOrder({ order, user, reviewer: null, terms }, items, [placed, ...repeated], null);
}
