import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, which names the section for assistive technology. */
  titleId: string;
  title: ReactNode;
  /** A line under the heading, as the caller styles it; the heading then sits closer above it. */
  intro?: ReactNode;
  children: ReactNode;
};

/** A white card section of a page, named by its heading: a checkout step, the address book's new address. */
export function SectionCard({ titleId, title, intro, children }: Props) {
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {/* Focusable from code only: the step before it, once done, hands the focus on to it. */}
      <h2 id={titleId} tabIndex={-1} className={`${intro ? 'mb-1' : 'mb-4'} text-xl font-bold text-ink`}>
        {title}
      </h2>
      {intro}
      {children}
    </section>
  );
}
