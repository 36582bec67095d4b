import { PATHS } from '@apotheca/contract';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../components/ui/form-card';
import { LoginForm } from '../../features/auth/login-form';
import { homePathFor } from '../guards/require-auth';
import { useLoginEmail } from './login-email.hook';

export default function LoginPage() {
  const navigate = useNavigate();
  const loginEmail = useLoginEmail();
  return (
    <FormCard
      title="Login"
      subtitle="Welcome back. Log in to see your cart and orders."
      footer={
        <p>
          New to Apotheca?{' '}
          <Link to={PATHS.register} className="font-semibold text-brand-700 hover:text-brand-900">
            Create an account
          </Link>
        </p>
      }
    >
      {/* The login form's place in the history is taken: Back after logging in returns to the page
          before it, not to a login form for someone already logged in. */}
      <LoginForm email={loginEmail} onLoggedIn={(user) => void navigate(homePathFor(user.role), { replace: true })} />
      <p className="mt-4 text-right text-sm">
        <Link to={PATHS.forgotPassword} className="font-medium text-brand-700 hover:text-brand-900">
          Forgot password?
        </Link>
      </p>
    </FormCard>
  );
}
