import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { controlClasses, FieldFrame, useFieldIds } from './field-frame';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select with its error message. */
export function SelectField({ label, error, options, id, className, ref, ...props }: Props) {
  const { controlId, describedBy, invalid } = useFieldIds(id, { error });
  return (
    <FieldFrame controlId={controlId} label={label} error={error} className={className}>
      <select
        id={controlId}
        ref={ref}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={controlClasses(error)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
