import { formatPrice, type Cart } from '@apotheca/contract';
import type { ReactNode } from 'react';
import { CartLineMark } from './cart-line-mark';

/**
 * The summary table (Item, Qty, Total and the grand total: price times quantity); a line checkout
 * would refuse (for stock, or above a limit per order) is marked under its name, on the cart and at
 * checkout alike.
 */
export function CartSummary({ cart, children }: { cart: Cart; children?: ReactNode }) {
  const grandTotal = cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return (
    <section aria-labelledby="cart-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {/* Focusable from the script: a checkout refused for a cart changed since takes the patient here. */}
      <h2 id="cart-summary" tabIndex={-1} className="text-lg font-bold text-ink">
        Order summary
      </h2>
      <table className="mt-4 w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-muted">
            <th scope="col" className="py-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 text-center font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item) => (
            <tr key={item._id} className="border-b border-slate-100">
              <td className="py-2 pr-2">
                {item.name}
                <CartLineMark item={item} className="block" />
              </td>
              <td className="py-2 text-center">{item.quantity}</td>
              <td className="py-2 text-right">{formatPrice(item.price * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-3 text-left text-base font-bold">
              Grand total
            </th>
            <td className="pt-3 text-right text-base font-bold text-brand-800">{formatPrice(grandTotal)}</td>
          </tr>
        </tfoot>
      </table>
      {children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
