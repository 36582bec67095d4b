import { ORDER_STATUSES, statusChangeRefusal, type Order } from '@apotheca/contract';

/**
 * The statuses a staff screen offers for `order`: every one, those the server would refuse
 * (the contract's statusChangeRefusal) shown but not to be chosen, and the reasons of those, each
 * once, for the screen to write beside the select: a disabled option says nothing of why.
 */
export function orderStatusChoices(order: Order) {
  const choices = ORDER_STATUSES.map((status) => ({ status, refusal: statusChangeRefusal(order, status) }));
  return {
    options: choices.map(({ status, refusal }) => ({ value: status, label: status, disabled: refusal !== undefined })),
    reasons: [...new Set(choices.flatMap(({ refusal }) => (refusal === undefined ? [] : [refusal])))],
  };
}
