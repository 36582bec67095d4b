import type { ReactNode, Ref } from 'react';

/** The title row every admin screen starts with, with room for the screen's own actions. */
export function AdminPageHeader({
  title,
  subtitle,
  children,
  headingRef,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** For a screen that moves focus to its heading (after a row it listed is deleted). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink">
          {title}
        </h1>
        {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}
