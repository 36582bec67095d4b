import type { ReactNode } from 'react';

/** What a form or a checkout step refuses, said at its top and announced as it appears. */
export function FormAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ${className}`}>
      {children}
    </p>
  );
}
