import type { ReactNode, Ref } from 'react';

/**
 * What a form, a step or a screen refuses or failed at, said at its top and announced as it
 * appears: the one red alert of the app, so that every refusal looks and reads the same. A word
 * longer than the line (a name the user typed, a file's column) breaks anywhere, so no message
 * widens the page. Given a `ref`, it can take the focus (not by Tab), for a page that takes the user
 * to what it refuses.
 */
export function FormAlert({
  children,
  className = '',
  ref,
}: {
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <p
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium wrap-anywhere text-red-800 ${className}`}
    >
      {children}
    </p>
  );
}
