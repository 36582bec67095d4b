import { Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useLogoutMutation } from '../../features/auth/auth.api';
import { selectAuth } from '../../features/auth/auth.slice';
import { useAppSelector } from '../store';
import { BrandLogo } from './brand-logo';
import { SiteFooter } from './site-footer';

const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/users', label: 'Users', end: false },
  { to: '/admin/add-medicine', label: 'Add Medicine', end: false },
];

/** The admin shell of SPEC.md §2. */
export function AdminLayout() {
  const { isAuth, user } = useAppSelector(selectAuth);
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="Admin" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <BrandLogo to="/admin" />
          <ul className="flex flex-wrap items-center gap-4 text-sm font-medium">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="text-muted hover:text-brand-700">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {isAuth ? (
            <div className="flex items-center gap-3">
              <Link to="/admin/profile" className="text-sm text-muted">
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
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
