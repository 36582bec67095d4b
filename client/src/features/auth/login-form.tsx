import { LOGGED_IN_MESSAGE, type Login, type LoginInput, type User } from '@apotheca/contract';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { fieldBinding } from '../../lib/field-binding';
import { TextField } from '../../components/ui/text-field';
import { EARLY_ACTION, ENABLED_WITH_SCRIPT } from '../../lib/early-input';
import { errorMessage } from '../../lib/error-message';
import { useHydrated } from '../../lib/hydration.hook';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useOneSubmit } from '../../lib/one-submit.hook';
import { useLoginMutation } from './auth.api';

// The login page is one a visitor lands on, rendered on the server: its rules come when the form is used.
const resolver = lazyResolver<LoginInput, Login>(() =>
  import('./login.resolver').then((module) => module.loginResolver),
);

/** Said beside the disabled fields when the browser runs no JavaScript. */
const LOGIN_NEEDS_SCRIPT = 'Logging in needs JavaScript, which is off in this browser: your session is kept by it.';

/** The login form with its toasts, starting with `email` when given (and then at the password); `onLoggedIn` decides where the user goes. */
export function LoginForm({ email, onLoggedIn }: { email?: string; onLoggedIn: (user: User) => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, Login>({ resolver, defaultValues: { email, remember: false } });
  const field = fieldBinding(register, errors);
  const { submitOnce } = useOneSubmit();

  const onSubmit = async (form: Login) => {
    const result = await login(form);
    if (result.data) {
      toast.success(LOGGED_IN_MESSAGE);
      onLoggedIn(result.data.user);
    } else if (result.error && 'status' in result.error && typeof result.error.status === 'number') {
      toast.error('Login failed', { description: errorMessage(result.error) });
    } else {
      toast.error('An error occurred', { description: errorMessage(result.error) });
    }
  };

  return (
    <form noValidate onFocus={resolver.load} onSubmit={submitOnce(handleSubmit(onSubmit))}>
      {/* Rendered on the server, the form waits for the app: the session it starts lives in browser
          storage, and a native submit would send the password in the URL. Without JavaScript its fields
          stay disabled; with it they take typing at once, and a Login pressed before the app is there
          is kept and carried out once it is (lib/early-input.ts). */}
      <noscript>
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{LOGIN_NEEDS_SCRIPT}</p>
      </noscript>
      <fieldset disabled={!hydrated} className="flex flex-col gap-4" {...{ [ENABLED_WITH_SCRIPT]: '' }}>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={email !== undefined}
          {...field('password')}
        />
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-700"
            {...register('remember')}
          />
          Remember me
        </label>
        <Button type="submit" size="lg" busy={isLoading} {...{ [EARLY_ACTION]: 'login' }}>
          {isLoading ? 'Logging in…' : 'Login'}
        </Button>
      </fieldset>
    </form>
  );
}
