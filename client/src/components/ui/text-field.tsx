import type { InputHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field-frame';

type Props = FieldProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;

/** A labelled input with its error message (works with react-hook-form's `register`). */
export function TextField({ label, error, hint, id, className, ref, ...props }: Props) {
  const { controlId, controlProps } = useFieldControl(id, { error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        {...controlProps}
        className={`${controlProps.className} placeholder:text-slate-400`}
        {...props}
      />
    </FieldFrame>
  );
}
