import { useLocation } from 'react-router';

/**
 * What a registration or a password reset carries to the login page it leads to: the account's e-mail,
 * which the login form starts with. It travels with that navigation alone (its history entry's state), so
 * it is never written to the browser's storage nor to the address (where it would reach the server's and
 * proxies' logs), and the password never travels with it.
 */
export const loginEmailState = (email: string) => ({ loginEmail: email });

/** The e-mail a registration or a reset carried to this page, if it was reached from one. */
export function useLoginEmail(): string | undefined {
  const { state } = useLocation() as { state: { loginEmail?: unknown } | null };
  return typeof state?.loginEmail === 'string' ? state.loginEmail : undefined;
}
