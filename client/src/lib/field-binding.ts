import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

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
