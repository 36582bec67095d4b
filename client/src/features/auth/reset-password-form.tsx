import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RESET_MESSAGE, resetPasswordSchema, type ResetPassword } from '@apotheca/contract';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { fieldBinding } from '../../lib/field-binding';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { useResetPasswordMutation } from './auth.api';

type Props = { userId: string; token: string; onReset: () => void };

/** A single new password field (no confirmation field), with the register form's password rules. */
export function ResetPasswordForm({ userId, token, onReset }: Props) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPassword>({ resolver: zodResolver(resetPasswordSchema), mode: 'onChange' });
  const field = fieldBinding(register, errors);

  const onSubmit = async ({ newPassword }: ResetPassword) => {
    const result = await resetPassword({ userId, token, newPassword });
    if (result.error) {
      toast.error('Error resetting password', {
        description: errorMessage(result.error, 'Something went wrong. Please try again.'),
      });
      return;
    }
    toast.success(PASSWORD_RESET_MESSAGE);
    onReset();
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-4">
      <TextField label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
      <Button type="submit" size="lg" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Reset password'}
      </Button>
    </form>
  );
}
