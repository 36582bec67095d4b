import type { Medicine } from '@apotheca/contract';
import { Button } from '../../components/ui/button';
import { EARLY_ACTION } from '../../lib/early-input';

/** Said under the button when the browser runs no JavaScript, so a tap that does nothing is explained. */
const ADD_TO_CART_NEEDS_SCRIPT = 'Adding to the cart needs JavaScript, which is off in this browser.';

type Props = {
  medicine: Medicine;
  onAddToCart: (medicine: Medicine) => void;
  /** The add is on its way: the button waits for it. */
  busy?: boolean;
  size?: 'md' | 'lg';
  className?: string;
};

/**
 * 'Add to cart' needs the session from browser storage, so the app; a tap before the page is hydrated
 * is kept and carried out once it is (lib/early-input.ts).
 */
export function AddToCartButton({ medicine, onAddToCart, busy = false, size = 'md', className }: Props) {
  return (
    <>
      <Button
        size={size}
        className={className}
        busy={busy}
        aria-busy={busy}
        onClick={() => onAddToCart(medicine)}
        {...{ [EARLY_ACTION]: `add-to-cart:${medicine._id}` }}
      >
        Add to cart
      </Button>
      <noscript>
        <p className="mt-1 text-xs text-amber-900">{ADD_TO_CART_NEEDS_SCRIPT}</p>
      </noscript>
    </>
  );
}
