import { FORGOT_PASSWORD_SUBMIT_ERROR, forgotPasswordSchema, type ForgotPassword } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { useSchemaForm } from '../../lib/schema-form.hook';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { useForgotPasswordMutation } from './auth.api';

/** Request a reset e-mail: the address is checked as typed, the answer is a toast. */
export function ForgotPasswordForm() {
  const [forgotPassword, { isLoading, isSuccess }] = useForgotPasswordMutation();
  const { field, submitWith } = useSchemaForm(forgotPasswordSchema);

  const onSubmit = async (form: ForgotPassword) => {
    const result = await forgotPassword(form);
    if (result.error) toast.error(errorMessage(result.error, 'No email found'));
    else toast.success('Email sent successfully');
  };

  return (
    <form
      noValidate
      onSubmit={submitWith(onSubmit, () => toast.error(FORGOT_PASSWORD_SUBMIT_ERROR))}
      className="flex flex-col gap-4"
    >
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <Button type="submit" size="lg" busy={isLoading}>
        {isLoading ? 'Sending…' : 'Send'}
      </Button>
      {isSuccess ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          If an account uses this address, a reset link is on its way.
        </p>
      ) : null}
    </form>
  );
}
