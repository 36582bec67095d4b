import { PATHS, ROLE, ROLE_LABELS, STAFF_ROLES, type Role } from '@apotheca/contract';
import { Link, NavLink } from 'react-router';
import { buttonClasses, Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useLogoutMutation } from '../../features/auth/auth.api';
import { UserAvatar } from '../../features/auth/user-avatar';
import { homePathFor } from '../guards/require-auth';
import { useSession } from '../session.hook';
import { BrandLogo } from './brand-logo';
import { useLeavePage } from './leave-page.hook';
import { SiteFooter } from './site-footer';
import { PageMain } from './page-main';
import { SkipLink } from './skip-link';

const ADMIN_ONLY: readonly Role[] = [ROLE.admin];
// A pharmacist sees Orders, Prescriptions and Stock reports only; every other page of the area is an admin's.
const LINKS = [
  { to: PATHS.admin, label: 'Dashboard', end: true, roles: ADMIN_ONLY },
  { to: PATHS.adminOverview, label: 'Overview', end: false, roles: ADMIN_ONLY },
  { to: PATHS.adminOrders, label: 'Orders', end: false, roles: STAFF_ROLES },
  { to: PATHS.adminPrescriptions, label: 'Prescriptions', end: false, roles: STAFF_ROLES },
  { to: PATHS.adminReports, label: 'Stock reports', end: false, roles: STAFF_ROLES },
  { to: PATHS.adminUsers, label: 'Users', end: false, roles: ADMIN_ONLY },
  { to: PATHS.adminAudit, label: 'Audit log', end: false, roles: ADMIN_ONLY },
  { to: PATHS.adminAddMedicine, label: 'Add Medicine', end: false, roles: ADMIN_ONLY },
  { to: PATHS.adminImport, label: 'Import', end: false, roles: ADMIN_ONLY },
];

const linkClasses =
  'rounded-md px-2 py-1.5 text-muted lg:px-3 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

/** The admin shell, with its own header of the staff's links; its own chunk, loaded only once RequireStaff lets staff in. */
export default function AdminLayout() {
  const { isAuth, user } = useSession();
  const [logout] = useLogoutMutation();
  // The session ends once the login page is shown, so the staff guard never sends its own notice there.
  const leavePage = useLeavePage();
  const role = user?.role ?? ROLE.user;
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <PageHeader className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Admin"
          className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 lg:gap-x-6"
        >
          <div className="flex items-center gap-2">
            <BrandLogo to={homePathFor(role)} />
            <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold uppercase text-brand-900">
              {ROLE_LABELS[role]}
            </span>
          </div>
          {/* On a phone the links take a row of their own under the logo and the session. */}
          <ul className="order-last flex w-full flex-wrap items-center gap-1 text-sm font-medium md:order-none md:w-auto md:flex-1">
            {LINKS.filter((link) => (link.roles as readonly Role[]).includes(role)).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {isAuth ? (
            <div className="flex items-center gap-3">
              <Link
                to={PATHS.adminProfile}
                aria-label={user?.email ?? 'Profile'}
                title={user?.email}
                className="rounded-full"
              >
                <UserAvatar email={user?.email ?? ''} />
              </Link>
              <Button size="sm" onClick={() => void leavePage(PATHS.login).then(() => logout())}>
                Log Out
              </Button>
            </div>
          ) : (
            <Link to={PATHS.login} className={buttonClasses('primary', 'sm')}>
              Login/Sign Up
            </Link>
          )}
        </nav>
      </PageHeader>
      <PageMain className="mx-auto w-full max-w-7xl flex-1 px-4 py-6" />
      <SiteFooter />
    </div>
  );
}
