import { REGISTERED_MESSAGE, registerSchema, type Register, type RegisterInput } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { useSchemaForm } from '../../lib/schema-form.hook';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { showServerFieldErrors } from '../../lib/field-binding';
import { useRegisterMutation } from './auth.api';

const FIELDS: { name: keyof RegisterInput; label: string; type: string; autoComplete: string }[] = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'ph_no', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
];

/** Registration, checked per field while typing and on submit; `onRegistered` is given the e-mail registered. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const { field, submitWith, setError } = useSchemaForm(registerSchema);

  const onSubmit = async (form: Register) => {
    const result = await registerUser(form);
    if (result.error) {
      showServerFieldErrors(result.error, setError);
      // The one conflict a registration meets is an e-mail already registered: said at that field, where
      // it is to be changed, and not only in a toast that passes.
      if (errorStatus(result.error) === 409)
        setError('email', { message: errorMessage(result.error) }, { shouldFocus: true });
      toast.error('Registration failed', { description: errorMessage(result.error) });
      return;
    }
    toast.success(REGISTERED_MESSAGE);
    onRegistered(form.email);
  };

  return (
    <form noValidate onSubmit={submitWith(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((spec) => (
        <TextField
          key={spec.name}
          label={spec.label}
          type={spec.type}
          autoComplete={spec.autoComplete}
          className={spec.name === 'first_name' || spec.name === 'last_name' ? '' : 'sm:col-span-2'}
          {...field(spec.name)}
        />
      ))}
      <Button type="submit" size="lg" className="sm:col-span-2" busy={isLoading}>
        {isLoading ? 'Signing up…' : 'Sign Up'}
      </Button>
    </form>
  );
}
