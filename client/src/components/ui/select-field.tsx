import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field-frame';

type Option = { value: string; label: string };

/** A select's choices, each its value with its label. */
export function SelectOptions({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

type Props = Omit<FieldProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement>, 'hint'> & {
  options: readonly Option[];
};

/** A labelled native select with its error message. */
export function SelectField({ label, error, options, id, className, ref, ...props }: Props) {
  const { controlId, controlProps } = useFieldControl(id, { error });
  return (
    <FieldFrame controlId={controlId} label={label} error={error} className={className}>
      <select ref={ref} {...controlProps} {...props}>
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}
