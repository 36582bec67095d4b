import type { Medicine } from '@apotheca/contract';
import { Button } from '../../components/ui/button';
import { EARLY_ACTION } from '../../lib/early-input';

type Props = { medicine: Medicine; onAddToCart: (medicine: Medicine) => void; size?: 'md' | 'lg'; className?: string };

/**
 * 'Add to cart' needs the session from browser storage, so the app; a tap before the page is hydrated
 * is kept and carried out once it is (lib/early-input.ts).
 */
export function AddToCartButton({ medicine, onAddToCart, size = 'md', className }: Props) {
  return (
    <Button
      size={size}
      className={className}
      onClick={() => onAddToCart(medicine)}
      {...{ [EARLY_ACTION]: `add-to-cart:${medicine._id}` }}
    >
      Add to cart
    </Button>
  );
}
