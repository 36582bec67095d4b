import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { controlClasses, FieldFrame, useFieldIds } from './field-frame';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** The field's error; it is announced and tied to the input with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its error message (works with react-hook-form's `register`). */
export function TextField({ label, error, hint, id, className, ref, ...props }: Props) {
  const { controlId, describedBy, invalid } = useFieldIds(id, { error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} error={error} hint={hint} className={className}>
      <input
        id={controlId}
        ref={ref}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={`${controlClasses(error)} placeholder:text-slate-400`}
        {...props}
      />
    </FieldFrame>
  );
}
