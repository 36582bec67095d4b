import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
import { FormCard } from '../../components/ui/form-card';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <FormCard
      title="Forgot password"
      subtitle="Enter your email address and we will send you an email to reset your password."
      footer={
        <Link to={PATHS.login} className="font-semibold text-brand-700 hover:text-brand-900">
          Back to login
        </Link>
      }
    >
      <ForgotPasswordForm />
    </FormCard>
  );
}
