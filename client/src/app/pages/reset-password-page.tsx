import { INVALID_LINK_MESSAGE, PATHS } from '@apotheca/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormCard } from '../../components/ui/form-card';
import { Spinner } from '../../components/ui/spinner';
import { useValidateResetTokenQuery } from '../../features/auth/auth.api';
import { ResetPasswordForm } from '../../features/auth/reset-password-form';
import { FormAlert } from '../../components/ui/form-alert';
import { loginEmailState } from './login-email.hook';

/** Any path the router does not know renders the not-found page. */
const NOT_FOUND_PATH = '/page-not-found';

export default function ResetPasswordPage() {
  const { userId, token } = useParams();
  const navigate = useNavigate();
  // The link's token is validated on load; an invalid one goes to the not-found route.
  const { data, isLoading, isError } = useValidateResetTokenQuery(token ?? '', { skip: !userId || !token });

  if (!userId || !token) {
    return (
      <FormCard title="Reset password">
        <FormAlert>{INVALID_LINK_MESSAGE}</FormAlert>
      </FormCard>
    );
  }
  if (isLoading) return <Spinner label="Checking your link…" />;
  if (isError || !data?.status) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <FormCard title="Reset password" subtitle="Choose a new password for your account.">
      {/* The login page starts with the account's e-mail, carried in the navigation's state, not its address. */}
      <ResetPasswordForm
        userId={userId}
        token={token}
        onReset={(email) => void navigate(PATHS.login, { state: loginEmailState(email) })}
      />
    </FormCard>
  );
}
