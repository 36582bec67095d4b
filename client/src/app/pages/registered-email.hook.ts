import { useLocation } from 'react-router';

/**
 * What a registration carries to the login page it leads to: the e-mail just registered, which the
 * login form starts with. It travels with that navigation alone (its history entry's state), so it is
 * never written to the browser's storage, and the password never travels with it.
 */
export const registeredEmailState = (email: string) => ({ registeredEmail: email });

/** The e-mail a registration carried to this page, if it was reached from one. */
export function useRegisteredEmail(): string | undefined {
  const { state } = useLocation() as { state: { registeredEmail?: unknown } | null };
  return typeof state?.registeredEmail === 'string' ? state.registeredEmail : undefined;
}
