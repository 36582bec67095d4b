import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
// The shop's mark is the favicon's own drawing, read from that file when the app is built: one source.
import BRAND_MARK_SVG from 'virtual:brand-mark';

/** The logo, linking home; `compact` keeps only the mark below desktop width, where the header's search box needs the room. */
export function BrandLogo({ to = PATHS.home, compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold text-brand-800">
      {/*
        The mark is drawn in the page itself rather than fetched as an image, which on a slow first visit
        left the logo blank until /favicon.svg arrived. Its markup is that file of ours (shapes and fills,
        no style or script, so the strict Content-Security-Policy lets it be), never anything a user wrote.
      */}
      <span
        aria-hidden="true"
        className="size-8 shrink-0 *:size-full"
        dangerouslySetInnerHTML={{ __html: BRAND_MARK_SVG }}
      />
      <span className={compact ? 'max-lg:sr-only' : undefined}>Apotheca</span>
    </Link>
  );
}
