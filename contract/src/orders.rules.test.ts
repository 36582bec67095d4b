import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUSES, PRESCRIPTION_REVIEW } from './constants';
import {
  ACCOUNT_DELETED_ORDER_MESSAGE,
  ADDRESS_NEEDED_MESSAGE,
  ADDRESS_TOO_LATE_MESSAGE,
  addressAddRefusal,
  AWAITING_REVIEW_MESSAGE,
  ORDER_HAS_ADDRESS_MESSAGE,
  PRESCRIPTION_REJECTED_MESSAGE,
  recalledLotHeldMessage,
  statusChangeRefusal,
} from './orders.rules';

const address = { line1: '1 High Street' };
const userId = 'user-1';
const prescribed = (review: (typeof PRESCRIPTION_REVIEW)[keyof typeof PRESCRIPTION_REVIEW]) => ({ review });

describe('statusChangeRefusal', () => {
  it('lets an order with an approved prescription and an address move to any status', () => {
    const order = {
      status: ORDER_STATUS.pending,
      userId,
      prescription: prescribed(PRESCRIPTION_REVIEW.approved),
      address,
    };
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(order, to))).toEqual(ORDER_STATUSES.map(() => undefined));
  });

  it('refuses Accepted and Dispatched while the prescription awaits review, or once it was rejected', () => {
    const awaiting = {
      status: ORDER_STATUS.pending,
      userId,
      prescription: prescribed(PRESCRIPTION_REVIEW.pending),
      address,
    };
    const rejected = {
      status: ORDER_STATUS.canceled,
      userId,
      prescription: prescribed(PRESCRIPTION_REVIEW.rejected),
      address,
    };
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(awaiting, to))).toEqual([
      undefined,
      AWAITING_REVIEW_MESSAGE,
      AWAITING_REVIEW_MESSAGE,
      undefined,
    ]);
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(rejected, to))).toEqual([
      undefined,
      PRESCRIPTION_REJECTED_MESSAGE,
      PRESCRIPTION_REJECTED_MESSAGE,
      undefined,
    ]);
  });

  it('refuses Dispatched to an order without a delivery address, and nothing else', () => {
    const order = { status: ORDER_STATUS.pending, userId, prescription: null, address: null };
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(order, to))).toEqual([
      undefined,
      undefined,
      ADDRESS_NEEDED_MESSAGE,
      undefined,
    ]);
  });
  it('refuses Dispatched to an order a recall holds, naming its lot and medicine, and nothing else', () => {
    const recallHold = { lot: 'L-7', medicine: 'Aspirin 300mg' };
    const order = { status: ORDER_STATUS.accepted, userId, prescription: null, address, recallHold };
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(order, to))).toEqual([
      undefined,
      undefined,
      recalledLotHeldMessage('Aspirin 300mg', 'L-7'),
      undefined,
    ]);
    expect(statusChangeRefusal({ ...order, recallHold: null }, ORDER_STATUS.dispatched)).toBeUndefined();
  });

  it('lets an order whose account was deleted be canceled, and take no other status', () => {
    const open = { status: ORDER_STATUS.pending, userId: null, prescription: null, address };
    const canceled = { ...open, status: ORDER_STATUS.canceled };
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(open, to))).toEqual([
      undefined,
      ACCOUNT_DELETED_ORDER_MESSAGE,
      ACCOUNT_DELETED_ORDER_MESSAGE,
      undefined,
    ]);
    expect(ORDER_STATUSES.map((to) => statusChangeRefusal(canceled, to))).toEqual([
      ACCOUNT_DELETED_ORDER_MESSAGE,
      ACCOUNT_DELETED_ORDER_MESSAGE,
      ACCOUNT_DELETED_ORDER_MESSAGE,
      undefined,
    ]);
  });
});

describe('addressAddRefusal', () => {
  it('lets the patient add an address to an order without one until it is dispatched or canceled', () => {
    const refusals = ORDER_STATUSES.map((status) => addressAddRefusal({ status, prescription: null, address: null }));
    expect(refusals).toEqual([undefined, undefined, ADDRESS_TOO_LATE_MESSAGE, ADDRESS_TOO_LATE_MESSAGE]);
  });

  it('refuses an order that has one, and one whose prescription was rejected, but not one awaiting review', () => {
    const pending = ORDER_STATUS.pending;
    expect(addressAddRefusal({ status: pending, prescription: null, address })).toBe(ORDER_HAS_ADDRESS_MESSAGE);
    const rejected = { status: pending, prescription: prescribed(PRESCRIPTION_REVIEW.rejected), address: null };
    expect(addressAddRefusal(rejected)).toBe(ADDRESS_TOO_LATE_MESSAGE);
    const awaiting = { status: pending, prescription: prescribed(PRESCRIPTION_REVIEW.pending), address: null };
    expect(addressAddRefusal(awaiting)).toBeUndefined();
  });
});
