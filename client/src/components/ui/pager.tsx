import { Link } from 'react-router';
import { buttonClasses } from './button';

type Props = { page: number; pageCount: number; hrefOf: (page: number) => string };

const linkClasses = buttonClasses('secondary');

/**
 * Previous/Next with 'Page X of Y'. They are links to the URL of that page, so they work
 * before the page's JavaScript has run, or without it; at an end of the list the step is a disabled link.
 */
export function Pager({ page, pageCount, hrefOf }: Props) {
  // A page past the last (a link kept from a longer list) is none of the pages: "Page 9 of 3" would be
  // untrue, and Previous would lead to another page past the last. The page says where the last one is.
  if (page > pageCount) return null;
  const step = (label: string, target: number, enabled: boolean) =>
    enabled ? (
      <Link to={hrefOf(target)} className={linkClasses}>
        {label}
      </Link>
    ) : (
      // A link with nowhere to go, as assistive technology expects a disabled one.
      <a role="link" aria-disabled="true" className={`${linkClasses} cursor-not-allowed text-slate-500`}>
        {label}
      </a>
    );
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-4">
      {step('Previous', page - 1, page > 1)}
      <p className="text-sm font-medium text-muted" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      {step('Next', page + 1, page < pageCount)}
    </nav>
  );
}
