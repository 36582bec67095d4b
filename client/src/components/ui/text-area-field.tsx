import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field-frame';

type Props = FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;

/** A labelled multi-line input with its hint and error message. */
export function TextAreaField({ label, error, hint, id, className, ref, ...props }: Props) {
  const { controlId, controlProps } = useFieldControl(id, { error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} error={error} hint={hint} className={className}>
      <textarea ref={ref} {...controlProps} {...props} />
    </FieldFrame>
  );
}
