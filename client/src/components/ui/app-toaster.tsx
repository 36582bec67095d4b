import { useEffect } from 'react';
import { Toaster } from 'sonner';
import 'sonner/dist/styles.css';
import { toasterMounted } from '../../lib/toast';

/** The one toaster, top right and closable; loaded lazily by main.tsx. */
export default function AppToaster() {
  // Runs after Toaster's own effects, so by now it listens for toasts.
  useEffect(() => toasterMounted(), []);
  // Below the header rather than over it: a toast (paused while the pointer rests on it) never hides
  // the header's account link or Log Out button.
  return <Toaster position="top-right" offset={{ top: '4.75rem', right: '1rem' }} richColors closeButton />;
}
