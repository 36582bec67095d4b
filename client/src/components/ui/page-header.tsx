import { useRef, type ReactNode } from 'react';
import { useToastClearance } from '../../lib/toast-clearance.hook';

/**
 * A layout's header (the page's banner), which toasts leave clear however tall it is: the storefront's
 * is one row, the admin area's wraps to three on a phone, and a toast placed below a fixed height would
 * cover the links and Log Out button of a taller one.
 */
export function PageHeader({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useToastClearance(ref);
  return (
    <header ref={ref} className={className}>
      {children}
    </header>
  );
}
