import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type FieldValues, type SubmitErrorHandler, type SubmitHandler } from 'react-hook-form';
import type { z } from 'zod';
import { fieldBinding } from './field-binding';
import { useOneSubmit } from './one-submit.hook';

/**
 * A form checked against its contract schema as it is typed, so each field shows its rule's message
 * at once; `field` binds a field by name, and `submitWith` makes the form element's submit handler,
 * which runs `onValid` with the schema's output only when every field passes, once at a time
 * (useOneSubmit: a double click sends once).
 */
export function useSchemaForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'onChange' });
  const field = fieldBinding(form.register, form.formState.errors);
  const { submitOnce } = useOneSubmit();
  const submitWith = (onValid: SubmitHandler<Output>, onInvalid?: SubmitErrorHandler<Input>) =>
    submitOnce((event: FormEvent) => form.handleSubmit(onValid, onInvalid)(event));
  return { ...form, field, submitWith };
}
