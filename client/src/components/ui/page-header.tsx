import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The custom property, on the document's root, that holds the height of the header on screen; the
 * toaster reads it to place toasts just below the header, however tall it is.
 */
export const PAGE_HEADER_HEIGHT = '--page-header-height';

/**
 * A layout's header (the page's banner), which keeps its height published as it changes: the
 * storefront's is one row, the admin area's wraps to three on a phone, and a toast placed below a
 * fixed height would cover the links and Log Out button of a taller one.
 */
export function PageHeader({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current!;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(PAGE_HEADER_HEIGHT, `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.removeProperty(PAGE_HEADER_HEIGHT);
    };
  }, []);
  return (
    <header ref={ref} className={className}>
      {children}
    </header>
  );
}
