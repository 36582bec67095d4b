import {
  ADMIN_ORDERS_PAGE_SIZE,
  DELIVERY_DAYS,
  isStaff,
  ORDER_SORT,
  ORDER_STATUS,
  orderNumberLabel,
  ORDER_NUMBER_PREFIX_REACH,
  parseOrderNumber,
  PAYMENT_STATUS,
  PRESCRIPTION_REVIEW,
  shopDayOf,
  type Order,
  type OrderHistoryEntry,
  type OrderListQuery,
  type OrderStatus,
  type PaymentStatus,
  type Role,
} from '@apotheca/contract';
import { and, asc, between, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgTransaction, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { preparedQuery } from '../../db/prepared';
import { centsToDollars } from '../../db/money';
import { containsPattern } from '../../db/contains-pattern';
import { orderCounts, orderDays, orderHistory, orderItems, orders, prescriptions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { userPatternMatches } from '../auth/user-match';
import { awaitingReview } from '../prescriptions/prescriptions.service';
import { recalledDrawsOf } from '../stock/stock.service';

// Reading orders: one shape for every answer, with items and history. Writes are checkout.service
// (placing) and order-status.service (every later change).

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export type OrderRow = typeof orders.$inferSelect;
/** The statuses of an order not yet sent: its units are in the shop, and a recall may hold it. */
export const BEFORE_DISPATCH: readonly OrderStatus[] = [ORDER_STATUS.pending, ORDER_STATUS.accepted];
type RecallHold = Order['recallHold'];
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderUser = { id: string; firstName: string; lastName: string } | null;
/** The validity and repeats left of the prescription an order carries, as its approval set them. */
type OrderPrescriptionTerms = { validUntil: string | null; repeatsLeft: number | null } | null;
/**
 * An order row with its buyer and the pharmacist who reviewed its prescription, either null, and
 * the terms of its prescription.
 */
type OrderWithPeople = { order: OrderRow; user: OrderUser; reviewer: OrderUser; terms?: OrderPrescriptionTerms };

/** The day, `days` working days (Monday to Friday) after the shop's day of `from`, as YYYY-MM-DD. */
function workingDaysAfter(from: Date, days: number): string {
  // The shop's day, counted on as its UTC midnight: whole days, written back as the calendar date they are.
  const day = new Date(Date.parse(shopDayOf(from)));
  for (let left = days; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** When a parcel dispatched at `dispatchedAt` should arrive: between these two days. */
export const deliveryEstimate = (dispatchedAt: Date) => ({
  from: workingDaysAfter(dispatchedAt, DELIVERY_DAYS.min),
  to: workingDaysAfter(dispatchedAt, DELIVERY_DAYS.max),
});

const fullName = (person: NonNullable<OrderUser>) => `${person.firstName} ${person.lastName}`;

/** Items are listed by name, the same for a new order and a stored one. */
const byName = (a: OrderItemRow, b: OrderItemRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * A canceled order took no money, or gave it back: its payment reads 'Not charged' or 'Refunded'.
 * Derived rather than stored, so an order opened again reads as paid (or pending) once more.
 */
export function paymentStatusOf({ status, paymentStatus }: Pick<OrderRow, 'status' | 'paymentStatus'>): PaymentStatus {
  if (status !== ORDER_STATUS.canceled) return paymentStatus;
  return paymentStatus === PAYMENT_STATUS.paid ? PAYMENT_STATUS.refunded : PAYMENT_STATUS.notCharged;
}

/**
 * The prescription an order carries, as the API answers it: null for an order placed without one. Its
 * review is what makes an order a prescription order, whether its file is still stored or not; the
 * own-order rule (ownOrderRefusal) reads this same answer on the server and on the staff screens.
 */
export function prescriptionOf(
  order: OrderRow,
  reviewer: OrderUser = null,
  terms: OrderPrescriptionTerms = null,
): Order['prescription'] {
  return (
    order.prescriptionReview && {
      _id: order.prescriptionId,
      review: order.prescriptionReview,
      note: order.reviewNote,
      reviewedBy: reviewer && { _id: reviewer.id, name: fullName(reviewer) },
      reviewedAt: order.reviewedAt?.toISOString() ?? null,
      repeat: order.prescriptionRepeat,
      validUntil: terms?.validUntil ?? null,
      repeatsLeft: terms?.repeatsLeft ?? null,
    }
  );
}

export function toOrder(
  { order, user, reviewer, terms = null }: OrderWithPeople,
  items: OrderItemRow[],
  history: OrderHistoryEntry[],
  recallHold: RecallHold,
): Order {
  return {
    _id: order.id,
    number: orderNumberLabel(order.number),
    userId: user && { _id: user.id, first_name: user.firstName, last_name: user.lastName },
    items: [...items].sort(byName).map((item) => ({
      _id: item.id,
      medicineId: { _id: item.medicineId, name: item.name },
      name: item.name,
      price: centsToDollars(item.priceCents),
      quantity: item.quantity,
      prescriptionRequired: item.prescriptionRequired,
    })),
    totalPrice: centsToDollars(order.totalCents),
    status: order.status,
    paymentStatus: paymentStatusOf(order),
    createdAt: order.createdAt.toISOString(),
    prescription: prescriptionOf(order, reviewer, terms),
    history,
    address: order.address,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    dispatchedAt: order.dispatchedAt?.toISOString() ?? null,
    // Only a parcel on its way is expected: a canceled order's parcel keeps its tracking, for its return.
    deliveryEstimate:
      order.status === ORDER_STATUS.dispatched && order.dispatchedAt ? deliveryEstimate(order.dispatchedAt) : null,
    recallHold,
  };
}

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

const reviewers = alias(users, 'reviewers');

const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];
const OLDEST_FIRST = [asc(orders.createdAt), asc(orders.id)];

/** An order with its buyer, its reviewer and its prescription's terms (each left-joined). */
const orderWithPeople = {
  order: orders,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
  reviewer: { id: reviewers.id, firstName: reviewers.firstName, lastName: reviewers.lastName },
  terms: { validUntil: prescriptions.validUntil, repeatsLeft: prescriptions.repeatsLeft },
};

/** The three reads behind a list of orders matching `where`: the orders, their items, their history. */
function orderReads(db: Db | Tx, where: SQL | undefined) {
  return {
    rows: db
      .select(orderWithPeople)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(reviewers, eq(reviewers.id, orders.reviewedBy))
      .leftJoin(prescriptions, eq(prescriptions.id, orders.prescriptionId))
      .where(where)
      .$dynamic(),
    items: db
      .select({ item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(where),
    history: db
      .select({
        orderId: orderHistory.orderId,
        at: orderHistory.at,
        event: orderHistory.event,
        from: orderHistory.from,
        to: orderHistory.to,
        note: orderHistory.note,
        // The role the row keeps (not the actor's of today), known while the row names its actor.
        actor: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          role: sql<Role>`${orderHistory.actorRole}`,
        },
      })
      .from(orderHistory)
      .innerJoin(orders, eq(orders.id, orderHistory.orderId))
      .leftJoin(users, eq(users.id, orderHistory.actorId))
      .where(where)
      .orderBy(asc(orderHistory.id)),
  };
}

type OrderReads = ReturnType<typeof orderReads>;
type Read<Query> = Query extends PromiseLike<infer Rows> ? Rows : never;

/**
 * What holds each of `rows`' orders, by order id, for those a recall holds: one statement for them
 * all, through the stock module's read of their draws, and none when every order has left the shop
 * or come back to it canceled (no recall holds those).
 */
async function recallHolds(
  db: Db | Tx,
  rows: { order: Pick<OrderRow, 'id' | 'status'> }[],
): Promise<Map<string, NonNullable<RecallHold>>> {
  const notYetSent = rows.filter(({ order }) => BEFORE_DISPATCH.includes(order.status)).map(({ order }) => order.id);
  const held = await recalledDrawsOf(db, notYetSent);
  return new Map([...held].map(([orderId, { lot, name }]) => [orderId, { lot, medicine: name }]));
}

/** Orders (in the order of `rows`) with their items, history and recall holds, as answered. */
function toOrders(
  rows: Read<OrderReads['rows']>,
  items: Read<OrderReads['items']>,
  history: Read<OrderReads['history']>,
  holds: Map<string, NonNullable<RecallHold>>,
): Order[] {
  const itemsByOrder = groupBy(
    items.map(({ item }) => item),
    (item) => item.orderId,
  );
  const historyByOrder = groupBy(history, (entry) => entry.orderId);
  return rows.map((row) =>
    toOrder(
      row,
      itemsByOrder.get(row.order.id) ?? [],
      (historyByOrder.get(row.order.id) ?? []).map(({ at, event, from, to, note, actor }) => ({
        at: at.toISOString(),
        actor: actor && { _id: actor.id, name: fullName(actor), role: actor.role },
        event,
        from,
        to,
        note,
      })),
      holds.get(row.order.id) ?? null,
    ),
  );
}

/** Orders matching `where`, newest first (or oldest), with their owner's name, their items and their history. */
export async function loadOrders(db: Db | Tx, where?: SQL, oldestFirst = false): Promise<Order[]> {
  const reads = orderReads(db, where);
  const rows = reads.rows.orderBy(...(oldestFirst ? OLDEST_FIRST : NEWEST_FIRST));
  // A pool runs the three reads side by side on three connections. A transaction has one
  // connection, which takes one query at a time: pg queues a second sent meanwhile, deprecated
  // (pg 9 refuses it), so there they are read in turn.
  if (db instanceof PgTransaction) {
    const read = await rows;
    return toOrders(read, await reads.items, await reads.history, await recallHolds(db, read));
  }
  const [read, items, history] = await Promise.all([rows, reads.items, reads.history]);
  return toOrders(read, items, history, await recallHolds(db, read));
}

const ACTORS = 'actors';
const actors = alias(users, ACTORS);
type HistoryRow = Read<OrderReads['history']>[number];

/**
 * A subquery beside each order of a one-table select. Drizzle writes the columns of such a select's
 * own fields without their table's name, so a correlated `"id"` would name the subquery's own
 * column; nested one level, its columns keep their table's name.
 */
const besideEachOrder = <T>(subquery: SQL) => sql<T>`${subquery}`;

/** A person of an order (`id` its buyer's or reviewer's id), as JSON, or null: one index lookup. */
const personOf = (id: PgColumn) =>
  besideEachOrder<OrderUser>(sql`(
    select json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName})
    from ${users} where ${users.id} = ${id})`);

// A staff list's page is read by its ids in one statement prepared once per connection: it is
// planned once, not on every call, Drizzle builds it once, and each order's items and history
// come beside it as JSON, in the shapes of the separate reads, instead of in two more statements.
// Its buyer, reviewer and prescription terms are looked up by key beside each order too: as joins,
// the plan made for a page of unknown size read every user twice into a hash table.
const pageRead = preparedQuery((db) => {
  return db
    .select({
      order: orders,
      user: personOf(orders.userId),
      reviewer: personOf(orders.reviewedBy),
      terms: besideEachOrder<OrderPrescriptionTerms>(sql`(
        select json_build_object('validUntil', ${prescriptions.validUntil}, 'repeatsLeft', ${prescriptions.repeatsLeft})
        from ${prescriptions} where ${prescriptions.id} = ${orders.prescriptionId})`),
      items: besideEachOrder<OrderItemRow[]>(sql`(
        select coalesce(json_agg(json_build_object(
          'id', ${orderItems.id}, 'orderId', ${orderItems.orderId}, 'medicineId', ${orderItems.medicineId},
          'name', ${orderItems.name}, 'priceCents', ${orderItems.priceCents}, 'quantity', ${orderItems.quantity},
          'prescriptionRequired', ${orderItems.prescriptionRequired})), '[]')
        from ${orderItems} where ${orderItems.orderId} = ${orders.id})`),
      history: besideEachOrder<(Omit<HistoryRow, 'at'> & { at: string })[]>(sql`(
        select coalesce(json_agg(json_build_object(
          'orderId', ${orderHistory.orderId}, 'at', ${orderHistory.at}, 'event', ${orderHistory.event},
          'from', ${orderHistory.from}, 'to', ${orderHistory.to}, 'note', ${orderHistory.note},
          'actor', case when ${actors.id} is not null then json_build_object(
            'id', ${actors.id}, 'firstName', ${actors.firstName}, 'lastName', ${actors.lastName}, 'role', ${orderHistory.actorRole})
          end) order by ${orderHistory.id}), '[]')
        from ${orderHistory} left join ${users} as ${sql.identifier(ACTORS)} on ${actors.id} = ${orderHistory.actorId}
        where ${orderHistory.orderId} = ${orders.id})`),
    })
    .from(orders)
    .where(sql`${orders.id} = any(${sql.placeholder('ids')})`)
    .prepare('staff_page_orders');
});

/** The orders of `ids`, in that order, with their owner's name, their items and their history. */
async function loadPage(db: Db, ids: string[]): Promise<Order[]> {
  const rows = await pageRead(db).execute({ ids });
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.order.id)! - position.get(b.order.id)!);
  return toOrders(
    rows,
    rows.flatMap(({ items }) => items.map((item) => ({ item }))),
    rows.flatMap(({ history }) => history.map((entry) => ({ ...entry, at: new Date(entry.at) }))),
    await recallHolds(db, rows),
  );
}

export const listUserOrders = (db: Db, userId: string) => loadOrders(db, eq(orders.userId, userId));

// The patients a search's words find are read first, in a statement of their own prepared once per
// connection: PostgreSQL then plans it once, generically, reading the trigram indexes. As a subquery
// of each search's orders statement, the words were a constant planned on every call, and planning
// the name and e-mail match (its selectivity, the two trigram indexes) cost more than running it.
const matchingUsers = preparedQuery((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(userPatternMatches(sql.placeholder('pattern')))
    .prepare('staff_order_search_users'),
);

/** The largest order number the column holds (a PostgreSQL integer). */
const LARGEST_ORDER_NUMBER = 2_147_483_647;

/**
 * The orders whose numbers a search's digits begin: that number, and those that start with it and are
 * at most ORDER_NUMBER_PREFIX_REACH digits longer ("100" finds A-100000 to A-100999). Each length is one
 * range of the numbers' unique index, so a search reads at most 1,111 of its entries however few digits
 * it has (a prefix of any length, "1" beside 100,000 orders, would read the whole list). The ids are
 * read from those ranges first, as a set the list then looks up by key: with the ranges themselves in
 * the list's statement, the planner walked the creation-time index through every order to skip
 * sorting a thousand matches (docs/decisions/0173).
 */
function numbersStartingWith(db: Db, number: number): SQL {
  const ranges: SQL[] = [];
  for (let scale = 1; scale <= 10 ** ORDER_NUMBER_PREFIX_REACH && number * scale <= LARGEST_ORDER_NUMBER; scale *= 10) {
    ranges.push(between(orders.number, number * scale, Math.min((number + 1) * scale - 1, LARGEST_ORDER_NUMBER)));
  }
  const begun = db
    .select({ id: orders.id })
    .from(orders)
    .where(or(...ranges))
    .getSQL();
  return sql`${orders.id} = any(array(${begun}))`;
}

/**
 * The staff's search: an order number, or its first digits, finds those orders; other words find the
 * orders of the patients whose name or e-mail holds them.
 */
async function orderMatches(db: Db, q: string): Promise<SQL> {
  const number = parseOrderNumber(q);
  if (number !== null) return numbersStartingWith(db, number);
  const found = await matchingUsers(db).execute({ pattern: containsPattern(q) });
  return sql`${orders.userId} = any(${sql.param(found.map(({ id }) => id))}::uuid[])`;
}

/**
 * The rows of `table` of a status and a review, either left out. Review pending means waiting for a
 * pharmacist (awaitingReview): a canceled order is left out of the queue.
 */
const ofKind = (
  table: Parameters<typeof awaitingReview>[0],
  { status, review }: Pick<OrderListQuery, 'status' | 'review'>,
) =>
  and(
    status === undefined ? undefined : eq(table.status, status),
    review === undefined
      ? undefined
      : review === PRESCRIPTION_REVIEW.pending
        ? awaitingReview(table)
        : eq(table.prescriptionReview, review),
  );

/** A list filtered by status and review alone, or not at all: its orders are counted by the database. */
const isKeptCount = ({ q, userId }: OrderListQuery) => q === undefined && userId === undefined;

/**
 * How many orders match. Filtered by status and review alone (or not at all), the total is the sum of
 * a few rows of the counts the database keeps (orderCounts); a search or one patient's orders are
 * counted, over the few orders their index finds.
 */
function totalQuery(db: Db, query: OrderListQuery, matching: SQL | undefined): SQL {
  if (!isKeptCount(query)) return db.select({ total: count() }).from(orders).where(matching).getSQL();
  return db
    .select({ total: sql`coalesce(sum(${orderCounts.orders}), 0)` })
    .from(orderCounts)
    .where(ofKind(orderCounts, query))
    .getSQL();
}

/** The ids of `limit` orders matching, in `ordering`, after stepping over `offset` of them. */
const idsQuery = (db: Db, matching: SQL | undefined, ordering: SQL[], limit: number, offset: number) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(matching)
    .orderBy(...ordering)
    .limit(limit)
    .offset(offset);

/** The first pages, where most reading happens, are read from the head while the total is counted. */
const HEAD_PAGES = 10;

/**
 * The ids of `limit` orders of a list filtered by status and review alone (or not at all), in its
 * order, after `offset` of them. The counts kept of each day's orders (orderDays) find the day the
 * page starts in and how many orders come before that day, so the index is entered at that day and
 * steps over that day's earlier orders only, not over every order before the page. One statement,
 * so the counts and the orders are read as of the same moment and the page is the one OFFSET reads.
 */
function seekQuery(
  query: Pick<OrderListQuery, 'status' | 'review'>,
  oldestFirst: boolean,
  limit: number,
  offset: number,
): SQL {
  const kinds = ofKind(orderDays, query);
  const matching = ofKind(orders, query);
  // The day the page starts in is the last one, in the list's order, with no more than `offset`
  // orders before it; each day starts at midnight UTC, as the trigger counts it.
  const [direction, last, entered] = oldestFirst
    ? [sql`asc`, sql`desc`, sql`${orders.createdAt} >= (select "day" from "start")::timestamp at time zone 'UTC'`]
    : [sql`desc`, sql`asc`, sql`${orders.createdAt} < ((select "day" from "start") + 1)::timestamp at time zone 'UTC'`];
  return sql`
    with "days" as (
      select ${orderDays.day} as "day", sum(${orderDays.orders}) as "orders" from ${orderDays}
      where ${kinds ?? sql`true`} group by 1
    ), "placed" as (
      select "day", (sum("orders") over (order by "day" ${direction}) - "orders")::bigint as "before" from "days"
    ), "start" as (
      select "day", "before" from "placed" where "before" <= ${offset} order by "day" ${last} limit 1
    )
    select ${orders.id} from ${orders}
    where ${and(matching, entered)}
    order by ${orders.createdAt} ${direction}, ${orders.id} ${direction}
    limit ${limit} offset (select ${offset} - "before" from "start")`;
}

type Page = { ids: string[]; total: number };

/**
 * A page's ids (none without `ids`) and the list's total in one statement: one wait on the
 * database, not two.
 */
async function readPage(db: Db, total: SQL, ids?: SQL): Promise<Page> {
  const { rows } = (await db.execute<Page>(
    sql`select (${total})::integer as "total", ${ids === undefined ? sql`'{}'::uuid[]` : sql`array(${ids})`} as "ids"`,
  )) as { rows: Page[] };
  return rows[0]!;
}

/**
 * The ids of the orders at `offset`, `limit` of them, with how many match. A list whose totals are
 * kept reads its first pages from the head, and a far page is entered at its day (seekQuery), each in
 * the statement that reads the total. A search's or a patient's list, a few hundred orders at most,
 * reads its first pages with the count beside each row; past them (or past its end) it is counted
 * first, and a page past its middle is then read from the other end, in reverse, so no page steps
 * over more than half the list.
 */
async function pageOf(
  db: Db,
  query: OrderListQuery,
  matching: SQL | undefined,
  { offset, limit }: { offset: number; limit: number },
  oldestFirst: boolean,
): Promise<Page> {
  const [inOrder, reversed] = oldestFirst ? [OLDEST_FIRST, NEWEST_FIRST] : [NEWEST_FIRST, OLDEST_FIRST];
  const total = totalQuery(db, query, matching);
  const kept = isKeptCount(query);
  if (kept && offset < HEAD_PAGES * limit) {
    return readPage(db, total, idsQuery(db, matching, inOrder, limit, offset).getSQL());
  }
  if (kept) return readPage(db, total, seekQuery(query, oldestFirst, limit, offset));
  if (offset < HEAD_PAGES * limit) {
    // A search's first pages: the count of every match beside each row, so the patients' names and
    // e-mails are searched once, not once for the page and again for the total.
    const rows = await db
      .select({ id: orders.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(orders)
      .where(matching)
      .orderBy(...inOrder)
      .limit(limit)
      .offset(offset);
    if (rows.length > 0) return { ids: rows.map(({ id }) => id), total: rows[0]!.total };
    if (offset === 0) return { ids: [], total: 0 };
  }
  const { total: counted } = await readPage(db, total);
  const end = Math.min(offset + limit, counted);
  if (end <= offset) return { ids: [], total: counted };
  const after = counted - end;
  const ids =
    after >= offset
      ? await idsQuery(db, matching, inOrder, end - offset, offset)
      : (await idsQuery(db, matching, reversed, end - offset, after)).reverse();
  return { ids: ids.map(({ id }) => id), total: counted };
}

/**
 * The orders the staff asked for (orderListQuerySchema), with how many there are in all: every
 * match, or one page of them when `page` or `limit` is given.
 */
export async function listAllOrders(db: Db, query: OrderListQuery = {}): Promise<{ orders: Order[]; total: number }> {
  const { page, limit, q, userId, sort } = query;
  const matching = and(
    q === undefined ? undefined : await orderMatches(db, q),
    ofKind(orders, query),
    userId === undefined ? undefined : eq(orders.userId, userId),
  );
  const oldestFirst = sort === ORDER_SORT.oldest;
  if (page === undefined && limit === undefined) {
    const [list, { total }] = await Promise.all([
      loadOrders(db, matching, oldestFirst),
      readPage(db, totalQuery(db, query, matching)),
    ]);
    return { orders: list, total };
  }
  const size = limit ?? ADMIN_ORDERS_PAGE_SIZE;
  const { ids, total } = await pageOf(
    db,
    query,
    matching,
    { offset: ((page ?? 1) - 1) * size, limit: size },
    oldestFirst,
  );
  return { orders: ids.length === 0 ? [] : await loadPage(db, ids), total };
}

/** One order for its owner or staff; to anyone else it does not exist. */
export async function getOrder(db: Db, id: string, viewer: { id: string; role: Role }): Promise<Order> {
  const owned = isStaff(viewer.role) ? undefined : eq(orders.userId, viewer.id);
  const [order] = isUuid(id) ? await loadOrders(db, and(eq(orders.id, id), owned)) : [];
  if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}
