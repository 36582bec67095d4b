import { useRef, type ReactNode } from 'react';
import { useToastClearance } from '../../lib/toast-clearance.hook';

type Props = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean };

/** The centred card that holds a form on the bare shell's screens. */
export function FormCard({ title, subtitle, children, footer, wide = false }: Props) {
  // Toasts start below the heading: on a phone the card spans the width, and the toast that sends a visitor
  // here ('Please login to add item to cart') lay over the heading that says where they are. Its first field,
  // further down, stays clear of a toast's single line.
  const heading = useRef<HTMLHeadingElement>(null);
  useToastClearance(heading);
  return (
    <section
      className={`mx-auto mt-6 w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
    >
      <h1 ref={heading} className="text-2xl font-bold tracking-tight text-ink">
        {title}
      </h1>
      {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? <div className="mt-6 border-t border-slate-100 pt-4 text-sm text-muted">{footer}</div> : null}
    </section>
  );
}
