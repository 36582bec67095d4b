import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted sm:flex-row">
        <BrandLogo />
        <nav aria-label="Footer" className="flex gap-5">
          <Link to={PATHS.about} className="hover:text-brand-800">
            About
          </Link>
          <Link to={PATHS.contact} className="hover:text-brand-800">
            Contact
          </Link>
          <Link to={PATHS.medicines} className="hover:text-brand-800">
            Medicines
          </Link>
        </nav>
        <p>© {new Date().getFullYear()} Apotheca. All rights reserved.</p>
      </div>
    </footer>
  );
}
