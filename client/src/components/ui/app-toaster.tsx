import { useEffect } from 'react';
import { Toaster } from 'sonner';
import 'sonner/dist/styles.css';
import { toasterMounted } from '../../lib/toast';

/** The one toaster, top right and closable; loaded lazily by main.tsx. */
export default function AppToaster() {
  // Runs after Toaster's own effects, so by now it listens for toasts.
  useEffect(() => toasterMounted(), []);
  return <Toaster position="top-right" richColors closeButton />;
}
