import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
import { useGetCartQuery } from '../../features/cart/cart.api';
import { useSession } from '../session.hook';
import { countLabel } from '../../lib/count-label';

/** Units in the cart, as shops count them: two packs of one medicine are two. */
const unitsIn = (items: { quantity: number }[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * The cart at every width, with its count once the session is known: on a phone it sits beside the
 * menu button, so the cart is one tap away rather than inside the menu. A plain link, so it works
 * before (or without) the page's JavaScript.
 */
export function HeaderCartLink() {
  const { isAuth } = useSession();
  const { data } = useGetCartQuery(undefined, { skip: !isAuth });
  const count = isAuth && data?.cart ? unitsIn(data.cart.items) : 0;
  const label = count === 0 ? 'Cart' : `Cart, ${countLabel(count, 'item')}`;
  return (
    <Link
      to={PATHS.cart}
      aria-label={label}
      title={label}
      className="relative inline-flex shrink-0 rounded-md p-2 text-ink hover:bg-slate-100 hover:text-brand-800"
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path
          d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
