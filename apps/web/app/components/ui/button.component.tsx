import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'text';
export type ButtonSize = 'small' | 'default' | 'large';

type StyleOptions = { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean };

/** The button look, also for links that act as buttons. */
export function buttonClassName({
  variant = 'primary',
  size = 'default',
  fullWidth = false,
}: StyleOptions = {}): string {
  return cx('button', `button--${variant}`, size !== 'default' && `button--${size}`, fullWidth && 'button--full');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  StyleOptions & {
    /** Shows progress and blocks a second submit while a request is under way. */
    busy?: boolean;
  };

export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  className,
  type,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cx(buttonClassName({ variant, size, fullWidth }), busy && 'button--busy', className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
