import {
  MAX_MONEY_CENTS,
  maxPerOrderMessage,
  ORDER_EVENT,
  ORDER_TOTAL_TOO_LARGE_MESSAGE,
  PAYMENT_STATUS,
  PRESCRIPTION_EXPIRED_MESSAGE,
  PRESCRIPTION_USED_UP_MESSAGE,
  REPEAT_REVIEW_NOTE,
  type OrderAddress,
  PRESCRIPTION_REVIEW,
  prescriptionNeededMessage,
  type Order,
  type OrderHistoryEntry,
  type Payment,
  type Role,
} from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  cartItems,
  carts,
  mailOutbox,
  medicines,
  orderHistory,
  orderItems,
  orders,
  prescriptions,
  users,
} from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { retryOnceOnLockConflict } from '../../db/retry';
import { HttpError } from '../../http-error';
import { stockConflict } from '../medicines/medicines.service';
import { ORDER_PLACED_TEMPLATE, orderPlacedMailData } from './order-mail.service';
import { toOrder, type OrderRow } from './orders.service';

// Checkout: turns the caller's cart into an order.

/** SPEC.md §4's alert for checking out an empty cart. */
export const EMPTY_CART_MESSAGE = 'Cart is Empty';

type Shopper = { id: string; firstName: string; lastName: string; role: Role };

/** One row per ordered item; a refused checkout gives one row with only the verdict. */
type CheckoutRow = {
  ok: boolean;
  line_count: number;
  has_rx: boolean;
  within_limits: boolean;
  stocked: boolean;
  rx_names: string[] | null;
  over_name: string | null;
  max_per_order: number | null;
  short_name: string | null;
  short_stock: number | null;
  order_id: string | null;
  order_number: number | null;
  total_cents: number | null;
  status: OrderRow['status'] | null;
  payment_status: OrderRow['paymentStatus'] | null;
  card_last4: string | null;
  created_at: Date | string | null;
  prescription_id: string | null;
  prescription_review: OrderRow['prescriptionReview'];
  rx_refusal: 'expired' | 'used-up' | null;
  prescription_repeat: boolean | null;
  reviewed_at: Date | string | null;
  valid_until: string | null;
  repeats_left: number | null;
  item_id: string | null;
  medicine_id: string | null;
  name: string | null;
  price_cents: number | null;
  quantity: number | null;
  prescription_required: boolean | null;
};

/**
 * One statement, so one transaction and one round trip for a checkout rush: takes the stock of every
 * cart item, copies names and server prices into the order, empties the cart and records 'placed' in
 * the order's history and the confirmation mail in the outbox. Every write in it is conditional on
 * every line having its stock within its limit per order and, when a line is prescription-only, on
 * the order carrying one of the caller's own prescriptions, so any shortage or missing prescription
 * changes nothing (CONTRACT.md). Prepared: each connection parses and plans it once, which cost
 * PostgreSQL more than running it.
 */
const checkoutQuery = preparedQuery((db) =>
  db._.session.prepareQuery(
    new PgDialect().sqlToQuery(sql`
    with lines as (
      select ci.id, ci.medicine_id, ci.quantity
      from ${cartItems} ci join ${carts} c on c.id = ci.cart_id
      where c.user_id = ${sql.placeholder('userId')}::uuid
      for update of ci
    ), stock as (
      select m.id, m.name, m.price_cents, m.stock, m.prescription_required, m.max_per_order, l.quantity
      from ${medicines} m join lines l on l.medicine_id = m.id
      order by m.id
      for update of m
    ), rx as (
      -- Locked: of two orders racing for a prescription's last repeat, the second reads what the first left.
      select id, valid_until, repeats_left from ${prescriptions}
      where id = ${sql.placeholder('prescriptionId')}::uuid and user_id = ${sql.placeholder('userId')}::uuid
      for update
    ), repeat as (
      -- A prescription approved before, whose approved orders held every prescription-only medicine
      -- of this cart, is reused as a repeat: within its validity and with a repeat left, or refused.
      select rx.id,
        case when rx.valid_until < current_date then 'expired' when rx.repeats_left < 1 then 'used-up' end as refusal
      from rx
      where rx.valid_until is not null and not exists (
        select 1 from stock s where s.prescription_required and not exists (
          select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
          where o.prescription_id = rx.id and o.prescription_review = ${PRESCRIPTION_REVIEW.approved} and oi.medicine_id = s.id))
    ), totals as (
      -- Summed in bigint: a line of $1,000,000 x 1000 is past the 32-bit cents of the order's total.
      select count(*)::integer as line_count,
        coalesce(bool_and(stock >= quantity), false) as stocked,
        coalesce(bool_and(max_per_order is null or quantity <= max_per_order), false) as within_limits,
        coalesce(bool_or(prescription_required), false) as needs_rx,
        array_agg(name order by name) filter (where prescription_required) as rx_names,
        coalesce(sum(price_cents::bigint * quantity), 0) <= ${MAX_MONEY_CENTS} as within_cap,
        sum(price_cents::bigint * quantity) as total
      from stock
    ), ruling as (
      select t.*, (not t.needs_rx or exists (select 1 from rx)) as has_rx,
        t.stocked and t.within_limits and t.within_cap and (not t.needs_rx or exists (select 1 from rx))
          and not (t.needs_rx and exists (select 1 from repeat where refusal is not null)) as ok,
        case when t.within_cap then t.total::integer end as total_cents,
        t.needs_rx and exists (select 1 from repeat) as is_repeat,
        case when t.needs_rx then (select refusal from repeat) end as rx_refusal
      from totals t
    ), taken as (
      update ${medicines} m set stock = m.stock - s.quantity, version = m.version + 1
      from stock s, ruling r
      where r.ok and m.id = s.id
    ), spent as (
      update ${prescriptions} p set repeats_left = p.repeats_left - 1
      from ruling r where r.ok and r.is_repeat and p.id = (select id from rx)
      returning p.valid_until, p.repeats_left
    ), emptied as (
      delete from ${cartItems} where id in (select id from lines) and (select ok from ruling)
    ), new_order as (
      insert into ${orders} (user_id, total_cents, payment_status, card_last4, prescription_id, prescription_review,
        prescription_repeat, review_note, reviewed_at, address)
      select ${sql.placeholder('userId')}::uuid, total_cents, ${sql.placeholder('paymentStatus')}, ${sql.placeholder('cardLast4')},
        case when needs_rx then (select id from rx) end,
        case when is_repeat then ${PRESCRIPTION_REVIEW.approved} when needs_rx then ${PRESCRIPTION_REVIEW.pending} end,
        is_repeat, case when is_repeat then ${REPEAT_REVIEW_NOTE} end, case when is_repeat then now() end,
        ${sql.placeholder('address')}::jsonb
      from ruling where ok
      returning *
    ), new_items as (
      insert into ${orderItems} (order_id, medicine_id, name, price_cents, quantity, prescription_required)
      select o.id, s.id, s.name, s.price_cents, s.quantity, s.prescription_required from new_order o, stock s
      returning *
    ), placed as (
      -- A repeat's review is recorded by the shop itself, right after the order.
      insert into ${orderHistory} (order_id, actor_id, event, "from", "to", note)
      select id, user_id, ${ORDER_EVENT.placed}, null, status, null from new_order
      union all
      select id, null, ${ORDER_EVENT.reviewDecided}, ${PRESCRIPTION_REVIEW.pending}, prescription_review, review_note
      from new_order where prescription_repeat
    ), confirmed as (
      insert into ${mailOutbox} ("to", template, data)
      select u.email, ${ORDER_PLACED_TEMPLATE}, ${orderPlacedMailData('o', 'u', 'new_items')}
      from new_order o join ${users} u on u.id = o.user_id
    )
    select r.ok, r.line_count, r.has_rx, r.within_limits, r.stocked, r.rx_names, r.rx_refusal,
      o.prescription_repeat, o.reviewed_at, sp.valid_until::text as valid_until, sp.repeats_left,
      short.name as short_name, short.stock as short_stock, over.name as over_name, over.max_per_order,
      o.id as order_id, o.number as order_number, o.total_cents, o.status, o.payment_status, o.card_last4, o.created_at,
      o.prescription_id, o.prescription_review,
      i.id as item_id, i.medicine_id, i.name, i.price_cents, i.quantity, i.prescription_required
    from ruling r
    left join lateral (select name, stock from stock where stock < quantity order by id limit 1) short on true
    left join lateral (select name, max_per_order from stock where quantity > max_per_order order by name limit 1) over on true
    left join new_order o on true
    left join new_items i on true
    left join spent sp on true
  `),
    undefined,
    'checkout',
    false,
  ),
);

export async function placeOrder(
  db: Db,
  user: Shopper,
  {
    payment,
    prescriptionId,
    address = null,
  }: { payment?: Payment | undefined; prescriptionId?: string | undefined; address?: OrderAddress | null },
): Promise<Order> {
  // `lines` locks the cart's items: a second checkout of the same cart waits, then finds them gone.
  // `stock` locks the medicines in one order for every checkout, so two cannot deadlock, and reads
  // each one's latest committed stock once its lock is held.
  // A deletion of a medicine locks in the same order (medicines.service.ts); a cycle it still forms
  // with a cart item added meanwhile is retried once.
  const result = await retryOnceOnLockConflict(() =>
    checkoutQuery(db).execute({
      userId: user.id,
      prescriptionId: prescriptionId ?? null,
      paymentStatus: payment ? PAYMENT_STATUS.paid : PAYMENT_STATUS.pending,
      // Only the last four digits are ever kept (CONTRACT.md).
      cardLast4: payment ? payment.cardNumber.slice(-4) : null,
      address: address && JSON.stringify(address),
    }),
  );
  // Both drivers answer a raw statement with `{ rows }`; Drizzle types it for neither.
  const rows = (result as unknown as { rows: CheckoutRow[] }).rows;
  const [first] = rows;
  if (!first || first.line_count === 0) throw HttpError.badRequest(EMPTY_CART_MESSAGE);
  if (!first.has_rx) throw HttpError.badRequest(prescriptionNeededMessage(first.rx_names ?? []));
  if (first.rx_refusal)
    throw HttpError.badRequest(
      first.rx_refusal === 'expired' ? PRESCRIPTION_EXPIRED_MESSAGE : PRESCRIPTION_USED_UP_MESSAGE,
    );
  if (!first.within_limits) throw HttpError.conflict(maxPerOrderMessage(first.max_per_order!, first.over_name!));
  if (!first.stocked) throw stockConflict({ name: first.short_name!, stock: first.short_stock! });
  if (!first.ok) throw HttpError.badRequest(ORDER_TOTAL_TOO_LARGE_MESSAGE);
  const order: OrderRow = {
    id: first.order_id!,
    number: first.order_number!,
    userId: user.id,
    totalCents: first.total_cents!,
    status: first.status!,
    paymentStatus: first.payment_status!,
    cardLast4: first.card_last4,
    prescriptionId: first.prescription_id,
    prescriptionReview: first.prescription_review,
    reviewNote: first.prescription_repeat ? REPEAT_REVIEW_NOTE : null,
    reviewedBy: null,
    reviewedAt: first.reviewed_at === null ? null : new Date(first.reviewed_at),
    prescriptionRepeat: first.prescription_repeat ?? false,
    address,
    carrier: null,
    trackingNumber: null,
    dispatchedAt: null,
    createdAt: new Date(first.created_at!),
  };
  const items = rows.map((row) => ({
    id: row.item_id!,
    orderId: order.id,
    medicineId: row.medicine_id,
    name: row.name!,
    priceCents: row.price_cents!,
    quantity: row.quantity!,
    prescriptionRequired: row.prescription_required!,
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
  return toOrder({ order, user, reviewer: null, terms }, items, [placed, ...repeated]);
}
