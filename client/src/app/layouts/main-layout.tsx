import { Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useLogoutMutation } from '../../features/auth/auth.api';
import { selectAuth } from '../../features/auth/auth.slice';
import { useAppSelector } from '../store';
import { BrandLogo } from './brand-logo';
import { SiteFooter } from './site-footer';

const LINKS = [
  { to: '/medicines', label: 'Medicines' },
  { to: '/cart', label: 'Cart' },
  { to: '/contact', label: 'Contact' },
  { to: '/orders', label: 'Orders' },
  { to: '/about', label: 'About' },
];

/** The main header and footer of SPEC.md §2. */
export function MainLayout() {
  const { isAuth, user } = useAppSelector(selectAuth);
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <BrandLogo />
          <ul className="flex flex-wrap items-center gap-4 text-sm font-medium">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="text-muted hover:text-brand-700">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {isAuth ? (
            <div className="flex items-center gap-3">
              <Link to="/profile" aria-label={user?.email ?? 'Profile'} className="text-sm text-muted">
                {user?.email}
              </Link>
              <button
                type="button"
                className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white"
                onClick={() => void logout().then(() => navigate('/login'))}
              >
                Log Out
              </button>
            </div>
          ) : (
            <Link to="/login" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white">
              Login/Sign Up
            </Link>
          )}
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
