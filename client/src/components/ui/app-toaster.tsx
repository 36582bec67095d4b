import { useEffect } from 'react';
import { Toaster } from 'sonner';
import 'sonner/dist/styles.css';
import './app-toaster.css';
import { toasterMounted } from '../../lib/toast';
import { PAGE_HEADER_HEIGHT } from './page-header';

/**
 * The height of the header on screen (published by PageHeader) and a gap under it; until a header has
 * published its own, the storefront's 4 rem.
 */
const HEADER_CLEARANCE = `calc(var(${PAGE_HEADER_HEIGHT}, 4rem) + 0.75rem)`;

/** The one toaster, top right and closable; loaded lazily by main.tsx. */
export default function AppToaster() {
  // Runs after Toaster's own effects, so by now it listens for toasts.
  useEffect(() => toasterMounted(), []);
  // Below the header rather than over it: a toast (paused while the pointer rests on it) never hides
  // the header's account link, Log Out button or, on a phone, its menu button. Sonner places toasts
  // on screens up to 600 px by `mobileOffset` alone, so both are set.
  return (
    <Toaster
      position="top-right"
      offset={{ top: HEADER_CLEARANCE, right: '1rem' }}
      mobileOffset={{ top: HEADER_CLEARANCE, left: '1rem', right: '1rem' }}
      richColors
      closeButton
    />
  );
}
