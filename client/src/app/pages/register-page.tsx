import { PATHS } from '@apotheca/contract';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../components/ui/form-card';
import { registered } from '../../features/auth/auth.slice';
import { RegisterForm } from '../../features/auth/register-form';
import { useSession } from '../session.hook';
import { useAppDispatch } from '../store';
import { LoginPage } from '../login-page.lazy';
import { loginEmailState } from './login-email.hook';

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { registered: isRegistered } = useSession();
  const registeredEmail = useRef('');
  // The login page's chunk is asked for while the form is filled in, so it is there when the patient is sent on.
  // Asked ahead only: a chunk that fails to come here is asked again, and its failure shown, by the login route.
  useEffect(() => void LoginPage.preload().catch(() => undefined), []);
  // Success sets the registered flag, which redirects to /login, where the new account logs in: with its
  // e-mail already filled in, so the patient types only the password just chosen. The address turns to
  // /login only once the login page can be shown: before its chunk, it named the login page over this form.
  useEffect(() => {
    if (!isRegistered) return;
    dispatch(registered(false));
    // A chunk that failed to come is the login route's own error to show: the patient goes on all the same.
    const toLogin = () => navigate(PATHS.login, { state: loginEmailState(registeredEmail.current) });
    void LoginPage.preload().then(toLogin, toLogin);
  }, [isRegistered, dispatch, navigate]);

  return (
    <FormCard
      wide
      title="Create your account"
      subtitle="Register to keep a cart, check out and follow your orders."
      footer={
        <p>
          Already registered?{' '}
          <Link to={PATHS.login} className="font-semibold text-brand-700 hover:text-brand-900">
            Log in
          </Link>
        </p>
      }
    >
      <RegisterForm
        onRegistered={(email) => {
          registeredEmail.current = email;
          dispatch(registered(true));
        }}
      />
    </FormCard>
  );
}
