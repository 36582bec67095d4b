import { CONTACT_RECEIVED_MESSAGE, contactSchema, type Contact } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/text-area-field';
import { useSchemaForm } from '../../lib/schema-form.hook';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { useContactConfigQuery, useSendContactMutation } from './contact.api';

const NO_SERVICE = { formUrl: null, accessKey: null };

/** The contact form: to our API, or to the third-party service when one is configured. */
export function ContactForm() {
  const { data: config } = useContactConfigQuery();
  const [send, { isLoading }] = useSendContactMutation();
  const { field, submitWith, reset } = useSchemaForm(contactSchema);

  const onSubmit = async (form: Contact) => {
    const result = await send({ form, config: config ?? NO_SERVICE });
    if (result.error) {
      toast.error(errorMessage(result.error, 'An error occurred. Please try again.'));
      return;
    }
    toast.success(CONTACT_RECEIVED_MESSAGE);
    reset();
  };

  return (
    <form noValidate onSubmit={submitWith(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Subject" className="sm:col-span-2" {...field('subject')} />
      <TextAreaField label="Message" rows={6} className="sm:col-span-2" hint="Up to 100 words." {...field('message')} />
      <Button type="submit" size="lg" className="sm:col-span-2" busy={isLoading}>
        {isLoading ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
