import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame, useFieldControl } from './field-frame';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** The field's error; it is announced and tied to the input with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

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
