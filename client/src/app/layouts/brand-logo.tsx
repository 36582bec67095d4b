import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';

/** The logo, linking home; `compact` keeps only the mark below desktop width, where the header's search box needs the room. */
export function BrandLogo({ to = PATHS.home, compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold text-brand-800">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className={compact ? 'max-lg:sr-only' : undefined}>Apotheca</span>
    </Link>
  );
}
