import { useRef, useState, type FormEvent } from 'react';

/**
 * One send at a time for a form that writes: `submitOnce` makes its submit handler, which ignores a
 * submit while the one before is still being checked or on its way, so a double click or Enter pressed
 * twice on a slow connection sends once. The rule reads a ref at the press itself, because a busy
 * button only refuses presses once React has rendered it busy, and a second press can come before.
 * `submitting` says the same for that busy look.
 */
export function useOneSubmit() {
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const submitOnce = (submit: (event: FormEvent) => Promise<unknown>) => (event: FormEvent) => {
    // Even an ignored submit is the page's: the browser's own would reload it.
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    void submit(event).finally(() => {
      inFlight.current = false;
      setSubmitting(false);
    });
  };
  return { submitting, submitOnce };
}
