import { useEffect } from 'react';
import { Toaster } from 'sonner';
import 'sonner/dist/styles.css';
import './app-toaster.css';
import { toasterMounted } from '../../lib/toast';
import { TOAST_CLEARANCE } from '../../lib/toast-clearance.hook';

/**
 * Below what toasts leave clear (the header on screen, a page's heading: useToastClearance) with a
 * gap under it; until a header has published its own, the storefront's 4 rem.
 */
const CLEARANCE = `calc(var(${TOAST_CLEARANCE}, 4rem) + 0.75rem)`;

/** The one toaster, top right and closable; loaded lazily by main.tsx. */
export default function AppToaster() {
  // Runs after Toaster's own effects, so by now it listens for toasts.
  useEffect(() => toasterMounted(), []);
  // Below the header rather than over it: a toast (paused while the pointer rests on it) never hides
  // the header's account link, Log Out button or, on a phone, its menu button; nor a page's heading
  // kept clear, such as the checkout's with its way back to the cart. Sonner places toasts on screens
  // up to 600 px by `mobileOffset` alone, so both are set.
  return (
    <Toaster
      position="top-right"
      offset={{ top: CLEARANCE, right: '1rem' }}
      mobileOffset={{ top: CLEARANCE, left: '1rem', right: '1rem' }}
      richColors
      closeButton
    />
  );
}
