import type { ButtonHTMLAttributes, MouseEventHandler } from 'react';

// A button busy with its request says `aria-disabled` (busyButtonProps); one tapped before the page's app
// has run says `aria-busy` alone (lib/early-input.ts), and waits with the same look, so the tap is seen
// to be taken rather than read as one that did nothing.
const VARIANTS = {
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 aria-disabled:bg-slate-300 aria-busy:bg-slate-300',
  secondary:
    'border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400 aria-busy:text-slate-400',
  danger:
    'bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-300 aria-disabled:bg-slate-300 aria-busy:bg-slate-300',
  ghost:
    'text-brand-800 hover:bg-brand-50 disabled:text-slate-400 aria-disabled:text-slate-400 aria-busy:text-slate-400',
} as const;

const SIZES = { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2 text-sm', lg: 'px-5 py-3 text-base' } as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** Tailwind classes of a button, also for links that look like buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md'): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed aria-busy:cursor-progress ${VARIANTS[variant]} ${SIZES[size]}`;
}

/**
 * What makes a button busy (unavailable for now, its action being saved): it says `aria-disabled` and a
 * press (a click, Enter, a form's implicit submit) does nothing, but unlike `disabled` it keeps the
 * keyboard focus, which a browser takes from a disabled control and drops at the page's start. `Button`
 * uses it, and so does a control pressed like a button with a look of its own (the cart's quantity
 * steppers, the prescription picker's file inputs, whose press opens no chooser while busy).
 */
export function busyButtonProps<Control extends HTMLElement = HTMLButtonElement>(
  busy: boolean | undefined,
  onClick?: MouseEventHandler<Control>,
) {
  return {
    'aria-disabled': busy || undefined,
    onClick: ((event) => {
      // A busy submit button submits nothing either.
      if (busy) event.preventDefault();
      else onClick?.(event);
    }) satisfies MouseEventHandler<Control>,
  };
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  /** Unavailable for now, its action being saved: see busyButtonProps. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  busy,
  onClick,
  ...props
}: Props) {
  return (
    <button
      type={type}
      className={`${buttonClasses(variant, size)} ${className}`}
      {...busyButtonProps(busy, onClick)}
      {...props}
    />
  );
}
