import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field-frame';

type Option = { value: string; label: string; disabled?: boolean };

/** A select's choices, each its value with its label; a disabled one is shown but cannot be chosen. */
export function SelectOptions({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  ));
}

type Props = FieldProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement> & {
  options: readonly Option[];
};

/** A labelled native select with its hint and error message. */
export function SelectField({ label, error, hint, options, id, className, ref, ...props }: Props) {
  const { controlId, controlProps } = useFieldControl(id, { error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} error={error} hint={hint} className={className}>
      <select ref={ref} {...controlProps} {...props}>
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}
