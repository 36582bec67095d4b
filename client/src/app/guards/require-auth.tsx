import { PATHS } from '@apotheca/contract';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { toast } from '../../lib/toast';
import { selectAuth } from '../../features/auth/auth.slice';
import { useAppSelector } from '../store';

// Notices are SPEC.md §6's wording.
export const LOGIN_REQUIRED_NOTICE = 'Please Login !! You need to login first, to access this page.';
export const ADMIN_ONLY_NOTICE = "You're unauthorized to access this page.";

function Redirect({ to, notice }: { to: string; notice: string }) {
  useEffect(() => {
    toast.error(notice, { id: notice });
  }, [notice]);
  return <Navigate to={to} replace />;
}

/** Pages for logged-in users: anyone else goes to /login with the login notice. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuth } = useAppSelector(selectAuth);
  return isAuth ? children : <Redirect to={PATHS.login} notice={LOGIN_REQUIRED_NOTICE} />;
}

/** The /admin area: a visitor goes to /login, a shopper to / with the unauthorized notice. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAuth, user } = useAppSelector(selectAuth);
  if (!isAuth) return <Redirect to={PATHS.login} notice={LOGIN_REQUIRED_NOTICE} />;
  return user?.role === 'admin' ? children : <Redirect to={PATHS.home} notice={ADMIN_ONLY_NOTICE} />;
}
