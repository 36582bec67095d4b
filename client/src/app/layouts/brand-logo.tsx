import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';

export function BrandLogo({ to = PATHS.home }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold text-brand-800">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>Apotheca</span>
    </Link>
  );
}
