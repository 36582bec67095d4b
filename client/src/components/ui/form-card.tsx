import type { ReactNode } from 'react';

type Props = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean };

/** The centred card that holds a form on the bare shell's screens. */
export function FormCard({ title, subtitle, children, footer, wide = false }: Props) {
  return (
    <section
      className={`mx-auto mt-6 w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
    >
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? <div className="mt-6 border-t border-slate-100 pt-4 text-sm text-muted">{footer}</div> : null}
    </section>
  );
}
