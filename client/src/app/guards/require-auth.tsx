import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isStaff, NOT_ADMIN_MESSAGE, PATHS, ROLE, type Role, type User } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { useSession } from '../session.hook';

// The login notice is the product's fixed wording; the unauthorized one is the server's refusal too.
const LOGIN_REQUIRED_NOTICE = 'Please Login !! You need to login first, to access this page.';

/** Where each role lands after login: an admin on the dashboard, a pharmacist on the orders. */
export const homePathFor = (role: Role | undefined): string =>
  role === ROLE.admin ? PATHS.admin : role === ROLE.pharmacist ? PATHS.adminOrders : PATHS.home;

/** What a guard decides by: the session as the store holds it. */
export type GuardedSession = { isAuth: boolean; user: User | null };

/**
 * Whether a guard that would turn the session away waits instead: its role, kept from an earlier visit,
 * is not yet the server's, and an admin may have given it the area since (the start-up check reads it).
 */
const awaitsRole = (session: GuardedSession & { confirmed: boolean }) => !session.confirmed;

function Redirect({ to, notice }: { to: string; notice: string }) {
  useEffect(() => {
    toast.error(notice, { id: notice });
  }, [notice]);
  return <Navigate to={to} replace />;
}

/** Pages for logged-in users: anyone else goes to /login with the login notice. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  // Guarded pages are rendered in the browser alone, where the session is known from the first render;
  // the check waits for it anyway rather than sending a signed-in user away.
  if (!session.hydrated) return null;
  return RequireAuth.admits(session) ? children : <Redirect to={PATHS.login} notice={LOGIN_REQUIRED_NOTICE} />;
}

/** The /admin area, for staff: a visitor goes to /login, a shopper to / with the unauthorized notice. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.hydrated) return null;
  if (!RequireAuth.admits(session)) return <Redirect to={PATHS.login} notice={LOGIN_REQUIRED_NOTICE} />;
  if (RequireStaff.admits(session)) return children;
  return awaitsRole(session) ? null : <Redirect to={PATHS.home} notice={NOT_ADMIN_MESSAGE} />;
}

/** The admin-only pages inside it: a pharmacist lands on the orders instead, without a notice. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.hydrated) return null;
  if (RequireAdmin.admits(session)) return children;
  return awaitsRole(session) ? null : <Navigate to={homePathFor(session.user?.role)} replace />;
}

// Whom each guard lets through: the one rule its render and the route's preload (router.tsx) both ask,
// so that a page's code is fetched ahead only for a session its guard will let in.
RequireAuth.admits = ({ isAuth }: GuardedSession) => isAuth;
RequireStaff.admits = ({ isAuth, user }: GuardedSession) => isAuth && isStaff(user?.role);
RequireAdmin.admits = ({ user }: GuardedSession) => user?.role === ROLE.admin;
