import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isStaff, NOT_ADMIN_MESSAGE, PATHS, ROLE, type Role } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { useSession } from '../session.hook';

// The login notice is the product's fixed wording; the unauthorized one is the server's refusal too.
const LOGIN_REQUIRED_NOTICE = 'Please Login !! You need to login first, to access this page.';

/** Where each role lands after login: an admin on the dashboard, a pharmacist on the orders. */
export const homePathFor = (role: Role | undefined): string =>
  role === ROLE.admin ? PATHS.admin : role === ROLE.pharmacist ? PATHS.adminOrders : PATHS.home;

function Redirect({ to, notice }: { to: string; notice: string }) {
  useEffect(() => {
    toast.error(notice, { id: notice });
  }, [notice]);
  return <Navigate to={to} replace />;
}

/** Pages for logged-in users: anyone else goes to /login with the login notice. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuth, hydrated } = useSession();
  // Guarded pages are rendered in the browser alone, where the session is known from the first render;
  // the check waits for it anyway rather than sending a signed-in user away.
  if (!hydrated) return null;
  return isAuth ? children : <Redirect to={PATHS.login} notice={LOGIN_REQUIRED_NOTICE} />;
}

/** The /admin area, for staff: a visitor goes to /login, a shopper to / with the unauthorized notice. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { isAuth, user, hydrated } = useSession();
  if (!hydrated) return null;
  if (!isAuth) return <Redirect to={PATHS.login} notice={LOGIN_REQUIRED_NOTICE} />;
  return isStaff(user?.role) ? children : <Redirect to={PATHS.home} notice={NOT_ADMIN_MESSAGE} />;
}

/** The admin-only pages inside it: a pharmacist lands on the orders instead, without a notice. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, hydrated } = useSession();
  if (!hydrated) return null;
  return user?.role === ROLE.admin ? children : <Navigate to={homePathFor(user?.role)} replace />;
}
