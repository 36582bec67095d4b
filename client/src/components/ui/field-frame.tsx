import { useId, type ReactNode, type Ref } from 'react';

type FieldText = { error?: string | undefined; hint?: ReactNode };

/**
 * What a field component takes: its control's own attributes, a label, and the hint and error
 * below it (the error is announced and tied to the control with aria-describedby).
 */
export type FieldProps<Attributes, Control> = Attributes & FieldText & { label: ReactNode; ref?: Ref<Control> };

/** The border of a form control, red while it has an error. */
const controlClasses = (error: string | undefined) =>
  `rounded-lg border bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 ${error ? 'border-red-500' : 'border-slate-300'}`;

/**
 * The control's id and the attributes that tie it to its label, hint and error (the error is
 * announced), with its border: what every field spreads on its input, select or textarea.
 */
export function useFieldControl(id: string | undefined, { error, hint }: FieldText) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return {
    controlId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      className: controlClasses(error),
    },
  };
}

/** Label above, hint and error below: the frame every form control shares. */
export function FieldFrame({
  controlId,
  label,
  error,
  hint,
  className = '',
  children,
}: FieldText & { controlId: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${controlId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
