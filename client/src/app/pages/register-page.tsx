import { PATHS } from '@apotheca/contract';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../components/ui/form-card';
import { registered } from '../../features/auth/auth.slice';
import { RegisterForm } from '../../features/auth/register-form';
import { useSession } from '../session.hook';
import { useAppDispatch } from '../store';
import { registeredEmailState } from './registered-email.hook';

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { registered: isRegistered } = useSession();
  const registeredEmail = useRef('');
  // Success sets the registered flag, which redirects to /login, where the new account logs in: with its
  // e-mail already filled in, so the patient types only the password just chosen.
  useEffect(() => {
    if (!isRegistered) return;
    dispatch(registered(false));
    void navigate(PATHS.login, { state: registeredEmailState(registeredEmail.current) });
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
