import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, type Contact } from '@apotheca/contract';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { useContactConfigQuery, useSendContactMutation } from './contact.api';

const NO_SERVICE = { formUrl: null, accessKey: null };

/** The contact form of SPEC.md §2 and §5: to our API, or to the third-party service when one is configured. */
export function ContactForm() {
  const { data: config } = useContactConfigQuery();
  const [send, { isLoading }] = useSendContactMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Contact>({ resolver: zodResolver(contactSchema), mode: 'onChange' });

  const onSubmit = async (form: Contact) => {
    const result = await send({ form, config: config ?? NO_SERVICE });
    if (result.error) {
      toast.error(errorMessage(result.error, 'An error occurred. Please try again.'));
      return;
    }
    toast.success('Form Submitted Successfully!');
    reset();
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Subject" className="sm:col-span-2" error={errors.subject?.message} {...register('subject')} />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor="contact-message" className="text-sm font-medium text-ink">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={6}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : 'contact-message-hint'}
          className={`rounded-lg border bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 ${errors.message ? 'border-red-500' : 'border-slate-300'}`}
          {...register('message')}
        />
        {errors.message ? (
          <p id="contact-message-error" role="alert" className="text-sm text-red-700">
            {errors.message.message}
          </p>
        ) : (
          <p id="contact-message-hint" className="text-xs text-muted">
            Up to 100 words.
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="sm:col-span-2" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
