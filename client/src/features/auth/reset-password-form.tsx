import { PASSWORD_RESET_MESSAGE, resetPasswordSchema, type ResetPassword } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { useSchemaForm } from '../../lib/schema-form.hook';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { useResetPasswordMutation } from './auth.api';

/** `onReset` is given the account's e-mail, which the server's answer names. */
type Props = { userId: string; token: string; onReset: (email: string) => void };

/** A single new password field (no confirmation field), with the register form's password rules. */
export function ResetPasswordForm({ userId, token, onReset }: Props) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { field, submitWith } = useSchemaForm(resetPasswordSchema);

  const onSubmit = async ({ newPassword }: ResetPassword) => {
    const result = await resetPassword({ userId, token, newPassword });
    if (result.error) {
      toast.error('Error resetting password', {
        description: errorMessage(result.error, 'Something went wrong. Please try again.'),
      });
      return;
    }
    toast.success(PASSWORD_RESET_MESSAGE);
    onReset(result.data.email);
  };

  return (
    <form noValidate onSubmit={submitWith(onSubmit)} className="flex flex-col gap-4">
      <TextField label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
      <Button type="submit" size="lg" busy={isLoading}>
        {isLoading ? 'Saving…' : 'Reset password'}
      </Button>
    </form>
  );
}
