import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  type UseFormSetError,
} from 'react-hook-form';
import { fieldErrors } from './error-message';

/**
 * Binds a form's fields by name: each gets react-hook-form's registration and its own error
 * message, the two props every field component (TextField, TextAreaField, SelectField) takes.
 */
export const fieldBinding =
  <Values extends FieldValues>(register: UseFormRegister<Values>, errors: FieldErrors<Values>) =>
  (name: Path<Values>) => {
    const error: FieldError | undefined = get(errors, name);
    return { ...register(name), error: error?.message };
  };

/**
 * Shows the server's per-field messages of a refused form next to their fields, those `nameOf` finds
 * in the form, and moves focus to the first, as a refusal on the client does: the reader is taken to
 * what to change rather than left at the button.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  nameOf: (field: string) => Path<Values> | undefined = (field) => field as Path<Values>,
): void {
  const refused = Object.entries(fieldErrors(error)).flatMap(([field, message]) => {
    const name = nameOf(field);
    return name ? [{ name, message }] : [];
  });
  refused.forEach(({ name, message }, index) => setError(name, { message }, { shouldFocus: index === 0 }));
}
